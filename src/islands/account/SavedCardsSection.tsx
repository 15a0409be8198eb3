// The account's card on file, kept by Square on the diner's Square customer: "Visa •••• 1111" with Remove,
// and "Add a card": Square's own card field (Web Payments SDK), its token checked by the buyer's bank for
// storing (verifyBuyer, intent STORE) and saved through POST /api/account/cards. No card number ever
// reaches this site. Offered only where the site takes cards through Square.
import { useEffect, useRef, useState } from "react";
import { INTL_LOCALE, type Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import type { PaymentFormConfig } from "../../domain/payment";
import { cardLabel, type CardOnFile } from "../../domain/savedCards";
import { storeVerificationDetails } from "../../domain/walletPayments";
import { ApiError, apiRequest } from "../../lib/api";
import { attachCard, startSquarePayments, type SquareCard, type SquarePayments } from "../../lib/squareWebPayments";
import { listCardsOnFile, removeCardOnFile, saveCardOnFile } from "./savedApi";

const BUTTON = "min-h-11 rounded-lg px-4 py-2 font-semibold disabled:opacity-60";
const QUIET = `${BUTTON} border border-stone-400 bg-white text-ink hover:bg-stone-100`;

interface Props {
  locale: Locale;
  account: { name: string; email: string; phone: string };
  /** The cards as the account page read them with the account (drawn with it: nothing moves). */
  cards: CardOnFile[];
}

export default function SavedCardsSection({ locale, account, cards: first }: Props) {
  const t = translator(accountWords, locale);
  const [cards, setCards] = useState<CardOnFile[]>(first);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useRef<{ payments: SquarePayments; card: SquareCard } | null>(null);
  const field = useRef<HTMLDivElement>(null);

  const reload = () => listCardsOnFile().then(setCards, () => undefined);

  // Square's card field, started when the diner asks to add a card (the page loads no Square script before).
  useEffect(() => {
    if (!adding) return;
    let live = true;
    (async () => {
      const config = await apiRequest<PaymentFormConfig>("/api/payment-config");
      if (config.mode !== "square") throw new Error("no Square card form here");
      const payments = await startSquarePayments(config, INTL_LOCALE[locale]);
      const card = await attachCard(payments, field.current!);
      if (live) form.current = { payments, card };
      else void card.destroy();
    })().catch(() => live && (setAdding(false), setNote({ ok: false, text: t("cards.unavailable") })));
    return () => {
      live = false;
      void form.current?.card.destroy();
      form.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- t follows locale, which never changes on a page
  }, [adding, locale]);

  async function save() {
    const started = form.current;
    if (!started || busy) return;
    setBusy(true);
    setNote(null);
    try {
      const result = await started.card.tokenize();
      if (result.status !== "OK" || !result.token) {
        const problems = (result.errors ?? []).map((error) => error.message).filter(Boolean);
        return setNote({ ok: false, text: problems.join(", ") || t("cards.failed") });
      }
      // The bank's check for keeping the card (3-D Secure where it asks); failed or cancelled, nothing is saved.
      const verified = await started.payments.verifyBuyer(result.token, storeVerificationDetails(account)).catch(() => null);
      if (!verified?.token) return setNote({ ok: false, text: t("cards.notVerified") });
      const { card } = await saveCardOnFile(result.token, verified.token);
      setAdding(false);
      setNote({ ok: true, text: t("cards.saved", cardLabel(card, locale)) });
      await reload();
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("cards.failed") });
    } finally {
      setBusy(false);
    }
  }

  async function remove(card: CardOnFile) {
    setNote(null);
    try {
      await removeCardOnFile(card.id);
      setNote({ ok: true, text: t("cards.removed") });
      await reload();
    } catch (error) {
      setNote({ ok: false, text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t("cards.failed") });
    }
  }

  return (
    <section aria-labelledby="account-cards">
      <h2 id="account-cards" className="font-display text-2xl font-bold">
        {t("cards.heading")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("cards.note")}</p>
      {cards.length === 0 && !adding ? <p className="mt-2 text-stone-700">{t("cards.none")}</p> : null}
      <ul className="mt-2 grid gap-2">
        {cards.map((card) => (
          <li key={card.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white p-3">
            <span className="font-semibold">{cardLabel(card, locale)}</span>
            <button type="button" className={QUIET} aria-label={t("cards.remove", cardLabel(card, locale))} onClick={() => void remove(card)}>
              {t("cards.removeShort")}
            </button>
          </li>
        ))}
      </ul>
      {adding ? (
        <div className="mt-3 grid gap-3 sm:max-w-md">
          <div ref={field} className="min-h-24" />
          <button type="button" className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`} disabled={busy} onClick={() => void save()}>
            {busy ? t("cards.saving") : t("cards.save")}
          </button>
        </div>
      ) : (
        <button type="button" className={`${QUIET} mt-3`} onClick={() => setAdding(true)}>
          {t("cards.add")}
        </button>
      )}
      <p role={note?.ok === false ? "alert" : "status"} className={note?.ok === false ? "mt-2 text-red-800" : "mt-2 text-ink"}>
        {note?.text ?? ""}
      </p>
    </section>
  );
}
