// The checkout's points for a signed-in member (nothing for a guest or while loyalty is off): the points
// this order will earn and the balance, that discounted items earn none, and the rewards the balance
// covers. Choosing one asks the server for Square's total for the order with it; that total is what the
// Pay button shows and what is charged (../../stores/loyaltyReward.ts carries it to the order request).
import { useStore } from "@nanostores/react";
import { useEffect, useState } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { loyaltyUiWords, pointsWords } from "../../domain/loyaltyUiWords";
import { formatPrice } from "../../domain/money";
import type { Totals } from "../../domain/pricing";
import { apiRequest } from "../../lib/api";
import type { CartItem } from "../../stores/cartStorage";
import { $loyaltyReward } from "../../stores/loyaltyReward";
import { hintsSignedIn } from "../../lib/signedInHint";

interface Panel {
  available: boolean;
  member?: boolean;
  balance?: number;
  pointsToEarn?: number;
  discountedItems?: boolean;
  codeBlocksRewards?: boolean;
  tiers?: { id: string; points: number; name: string; affordable: boolean }[];
  reward?: { tierId: string; totalCents: number; discountCents: number };
}

interface Props {
  items: readonly CartItem[];
  totals: Totals;
  /** The promo code applied, if any: its items carry a discount. */
  promoCode?: string;
  /** Paying: the choice stays as it is. */
  locked: boolean;
  locale: Locale;
}

export default function LoyaltyCheckout({ items, totals, promoCode, locked, locale }: Props) {
  const t = translator(loyaltyUiWords, locale);
  const chosen = useStore($loyaltyReward);
  const [tierId, setTierId] = useState<string>("");
  const [panel, setPanel] = useState<Panel | null>(null);
  const [trouble, setTrouble] = useState(false);
  const cart = JSON.stringify({
    lines: items.map((item) => ({ id: item.id, name: item.name, quantity: item.quantity, unitPriceCents: item.price })),
    deliveryFeeCents: totals.deliveryFee,
    ...(promoCode ? { promoCode } : {}),
    ...(tierId ? { tierId } : {}),
  });

  useEffect(() => {
    // A guest's checkout asks nothing: only a browser holding a diner's session has points.
    if (!hintsSignedIn()) return;
    let current = true;
    apiRequest<Panel>("/api/loyalty/checkout", { body: JSON.parse(cart) }).then(
      (answer) => {
        if (!current) return;
        setPanel(answer);
        setTrouble(false);
        $loyaltyReward.set(answer.reward ?? null);
      },
      () => {
        if (!current) return;
        setTrouble(Boolean(tierId));
        $loyaltyReward.set(null);
      },
    );
    return () => {
      current = false;
    };
  }, [cart, tierId]);

  // Leaving the checkout forgets the choice.
  useEffect(() => () => $loyaltyReward.set(null), []);

  if (!panel?.available) return trouble ? <p className="mt-4 text-sm text-stone-700">{t("checkout.notNow")}</p> : null;
  if (!panel.member) {
    return (
      <section aria-labelledby="checkout-points" className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="checkout-points" className="font-semibold">
          {t("checkout.heading")}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t("checkout.join")}</p>
      </section>
    );
  }
  const affordable = (panel.tiers ?? []).filter((tier) => tier.affordable || tier.id === tierId);
  return (
    <section aria-labelledby="checkout-points" className="mt-4 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="checkout-points" className="font-semibold">
        {t("checkout.heading")}
      </h2>
      <p className="mt-1">{t("checkout.earn", pointsWords(panel.pointsToEarn ?? 0, locale))}</p>
      <p className="mt-1">{t("checkout.balance", pointsWords(panel.balance ?? 0, locale))}</p>
      {panel.discountedItems ? <p className="mt-1 text-sm text-stone-700">{t("checkout.discounted")}</p> : null}
      {panel.codeBlocksRewards ? <p className="mt-1 text-sm text-stone-700">{t("checkout.codeBlocks")}</p> : null}
      {affordable.length > 0 ? (
        <label className="mt-3 block text-sm font-semibold">
          {t("checkout.rewards")}
          <select className="mt-1 block w-full rounded-lg border border-stone-400 bg-white px-3 py-2 font-normal" value={tierId} disabled={locked} onChange={(e) => setTierId(e.target.value)}>
            <option value="">{t("checkout.noReward")}</option>
            {affordable.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {t("checkout.use", tier.name, pointsWords(tier.points, locale))}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {chosen ? (
        <div className="mt-3" role="status">
          <p>{t("checkout.rewardOff", formatPrice(chosen.discountCents))}</p>
          <p className="text-lg font-bold">{t("checkout.rewardTotal", formatPrice(chosen.totalCents))}</p>
        </div>
      ) : null}
    </section>
  );
}
