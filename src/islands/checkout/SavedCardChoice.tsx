// The signed-in diner's cards kept on file by Square, offered first at the payment step ("Visa •••• 1111",
// chosen by default) beside "A new card": a regular pays without typing a card. The cards are read from
// Square through GET /api/account/cards (none for a guest, who sees nothing here).
import { useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { checkoutWords } from "../../domain/i18n/ui/checkout";
import { cardLabel, type CardOnFile } from "../../domain/savedCards";
import { listCardsOnFile } from "../account/savedApi";

/** The cards on file, and the one chosen to pay with (the first, until the diner picks "A new card"). */
export function useCardsOnFile(): { cards: CardOnFile[]; chosen: CardOnFile | null; choose: (id: string) => void } {
  const [cards, setCards] = useState<CardOnFile[]>([]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    listCardsOnFile().then(
      (found) => {
        if (!live) return;
        setCards(found);
        setChosenId((current) => current ?? found[0]?.id ?? "");
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return { cards, chosen: cards.find((card) => card.id === chosenId) ?? null, choose: setChosenId };
}

interface Props {
  cards: CardOnFile[];
  chosen: CardOnFile | null;
  choose: (id: string) => void;
  locale: Locale;
  disabled: boolean;
}

export default function SavedCardChoice({ cards, chosen, choose, locale, disabled }: Props) {
  const t = translator(checkoutWords, locale);
  if (cards.length === 0) return null;
  const option = "flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white p-3 has-[:checked]:border-brand-600";
  return (
    <fieldset className="mb-4" disabled={disabled}>
      <legend className="font-semibold">{t("cardOnFile.legend")}</legend>
      <div className="mt-2 grid gap-2">
        {cards.map((card) => (
          <label key={card.id} className={option}>
            <input type="radio" name="cardOnFile" checked={chosen?.id === card.id} onChange={() => choose(card.id)} />
            <span>{cardLabel(card, locale)}</span>
          </label>
        ))}
        <label className={option}>
          <input type="radio" name="cardOnFile" checked={chosen === null} onChange={() => choose("")} />
          <span>{t("cardOnFile.new")}</span>
        </label>
      </div>
    </fieldset>
  );
}
