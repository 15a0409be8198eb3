// The Gift cards tab (the owner's): every e-gift card sold on the site, newest first, with its number
// masked to the last four digits, the amount, buyer, recipient, the card's state and balance as Square
// last told us, when it was activated and whether its e-mail went out; the owner sends the e-mail again.
import { useCallback, useEffect, useState } from "react";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { maskedGan, type GiftCardSaleStatus, type GiftCardSaleView } from "../../domain/giftCards";
import { formatPrice } from "../../domain/money";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { GiftCardHourlyCap, type HourlyCapView } from "./GiftCardHourlyCap";
import { Badge, failed, secondaryButton } from "./shared";

const when = (iso: string) => new Date(iso).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });
const STATUS: Record<GiftCardSaleStatus, { label: string; tone: "green" | "yellow" | "red" | "grey" }> = {
  activated: { label: "Active", tone: "green" },
  paid: { label: "Paid, being issued", tone: "yellow" },
  pending: { label: "Not charged", tone: "grey" },
  failed: { label: "Declined", tone: "red" },
};

export function GiftCardsTab() {
  const [sales, setSales] = useState<GiftCardSaleView[] | null>(null);
  const [cap, setCap] = useState<HourlyCapView | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    apiRequest<{ sales: GiftCardSaleView[]; hourlyCap: HourlyCapView }>("/api/admin/gift-cards").then(
      (answer) => {
        setSales(answer.sales);
        setCap(answer.hourlyCap);
      },
      (error: unknown) => failed("Could not load the gift cards", error),
    );
  }, []);
  useEffect(load, [load]);

  async function resend(sale: GiftCardSaleView) {
    setBusy(sale.id);
    try {
      await apiRequest(`/api/admin/gift-cards/${sale.id}/resend`, { method: "POST" });
      toast({ title: "Sending Again", description: `The gift card e-mail to ${sale.recipientEmail}.` });
      load();
    } catch (error) {
      failed("Could not send it again", error);
    } finally {
      setBusy(null);
    }
  }

  if (!sales) return <p role="status">Loading gift cards...</p>;
  const capForm = cap && <GiftCardHourlyCap key={cap.limit} cap={cap} onSaved={setCap} />;
  if (sales.length === 0) {
    return (
      <>
        {capForm}
        <p>No gift cards sold yet. They are sold at /gift-cards (see docs/gift-cards.md to turn them on in Square).</p>
      </>
    );
  }
  return (
    <>
    {capForm}
    <div className="overflow-x-auto">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Gift cards sold on the site</caption>
        <thead>
          <tr className="border-b border-stone-300">
            <th scope="col" className="py-2 pr-3">Card</th>
            <th scope="col" className="py-2 pr-3">Amount</th>
            <th scope="col" className="py-2 pr-3">Buyer</th>
            <th scope="col" className="py-2 pr-3">Recipient</th>
            <th scope="col" className="py-2 pr-3">State</th>
            <th scope="col" className="py-2 pr-3">Activated</th>
            <th scope="col" className="py-2 pr-3">E-mail</th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.id} className="border-b border-stone-200 align-top">
              <td className="py-2 pr-3">
                <span className="font-mono">{maskedGan(sale.last4)}</span>
                <span className="block text-xs text-stone-600">{sale.id}</span>
              </td>
              <td className="py-2 pr-3">
                {formatPrice(sale.amountCents)}
                {sale.balanceCents !== null && sale.balanceCents !== sale.amountCents && (
                  <span className="block text-xs text-stone-600">Balance {formatPrice(sale.balanceCents)}</span>
                )}
              </td>
              <td className="py-2 pr-3">
                {sale.buyerName}
                <span className="block text-xs text-stone-600">{sale.buyerEmail}</span>
              </td>
              <td className="py-2 pr-3">
                {sale.recipientName}
                <span className="block text-xs text-stone-600">{sale.recipientEmail}</span>
              </td>
              <td className="py-2 pr-3">
                <Badge tone={STATUS[sale.status].tone}>{STATUS[sale.status].label}</Badge>
                {sale.cardState && sale.cardState !== "ACTIVE" && <span className="block text-xs text-stone-600">Square: {sale.cardState}</span>}
              </td>
              <td className="py-2 pr-3">{sale.activatedAt ? when(sale.activatedAt) : "Not yet"}</td>
              <td className="py-2 pr-3">
                <span className="block">{sale.delivery ? (sale.delivery.status === "sent" ? `Sent ${sale.delivery.sentAt ? when(sale.delivery.sentAt) : ""}` : sale.delivery.status) : "—"}</span>
                {sale.delivery && (
                  <button type="button" className={`${secondaryButton} mt-1`} disabled={busy === sale.id} onClick={() => void resend(sale)} aria-label={`Resend the gift card e-mail to ${sale.recipientName}`}>
                    Resend
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
    </>
  );
}
