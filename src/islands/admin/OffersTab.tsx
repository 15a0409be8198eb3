// The Offers tab (the owner's): every promo code with what it gives and asks, whether it is on, and
// what it has done (paid uses, uses held by checkouts in progress, the discount given, first-time diners
// won); a new code, an edit, a pause or a resume. Each change is in the activity log (the server writes
// it). docs/offers.md tells the owner how to run a first-order offer and what it costs.
import { useCallback, useEffect, useState } from "react";
import { formatPrice } from "../../domain/money";
import type { Offer } from "../../domain/offer.schema";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { givesText, rulesText } from "./offersDraft";
import { OffersTabForm } from "./OffersTabForm";
import { Badge, failed, primaryButton, secondaryButton, type AdminItem } from "./shared";

/** Whether a code takes orders now: paused, not started, ended, used up, or on. */
function stateOf(offer: Offer, nowLocal: string): { label: string; tone: "green" | "grey" | "yellow" | "red" } {
  if (offer.paused) return { label: "Paused", tone: "grey" };
  if (offer.startsAt && offer.startsAt > nowLocal) return { label: "Not started", tone: "yellow" };
  if (offer.endsAt && offer.endsAt <= nowLocal) return { label: "Ended", tone: "grey" };
  const cap = offer.singleUse ? 1 : offer.totalCap;
  if (cap && offer.stats.uses >= cap) return { label: "Used up", tone: "red" };
  return { label: "On", tone: "green" };
}

/** Now on Miami's wall clock, "YYYY-MM-DDTHH:mm", as the codes' start and end are written. */
function miamiNow(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

export function OffersTab({ items }: { items: readonly AdminItem[] }) {
  const [offers, setOffers] = useState<Offer[] | null>(null);
  /** The form open: "new", an offer's id, or null. */
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    apiRequest<{ offers: Offer[] }>("/api/admin/offers").then(
      (answer) => setOffers(answer.offers),
      (error: unknown) => failed("Could not load the offers", error),
    );
  }, []);
  useEffect(load, [load]);

  const dishName = (id: string) => items.find((item) => String(item.id) === id)?.name ?? `dish ${id}`;

  async function setPaused(offer: Offer, paused: boolean) {
    setBusy(offer.id);
    try {
      await apiRequest(`/api/admin/offers/${encodeURIComponent(offer.id)}`, { method: "PATCH", body: { paused } });
      toast({ title: paused ? "Offer Paused" : "Offer Resumed", description: paused ? `${offer.code} takes no more orders until resumed.` : `${offer.code} takes orders again.` });
      load();
    } catch (error) {
      failed(paused ? "Could not pause the offer" : "Could not resume the offer", error);
    } finally {
      setBusy(null);
    }
  }

  function saved() {
    setEditing(null);
    load();
  }

  if (!offers) return <p role="status">Loading offers...</p>;
  const nowLocal = miamiNow();
  const editedOffer = offers.find((offer) => offer.id === editing) ?? null;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-xl font-bold">Offers</h2>
        {editing === null && (
          <button type="button" className={primaryButton} onClick={() => setEditing("new")}>New offer</button>
        )}
      </div>
      <p className="text-sm text-stone-700">
        Codes diners type at checkout or open in a link (<code>/full-menu?code=BRUNCH5</code>). Square prices each discount and shows
        the code on the ticket and in its sales reports. The discount comes out of the restaurant&apos;s revenue (docs/offers.md).
      </p>
      {editing === "new" && <OffersTabForm offer={null} items={items} onSaved={saved} onCancel={() => setEditing(null)} />}
      {offers.length === 0 && editing === null && <p>No offers yet.</p>}
      <ul className="flex flex-col gap-3" aria-label="Offers">
        {offers.map((offer) => {
          const state = stateOf(offer, nowLocal);
          if (editing === offer.id && editedOffer) {
            return <li key={offer.id}><OffersTabForm offer={editedOffer} items={items} onSaved={saved} onCancel={() => setEditing(null)} /></li>;
          }
          return (
            <li key={offer.id} className="rounded-lg border border-stone-200 bg-white p-4">
              <article aria-labelledby={`offer-${offer.id}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 id={`offer-${offer.id}`} className="font-mono text-lg font-bold">{offer.code}</h3>
                  <Badge tone={state.tone}>{state.label}</Badge>
                </div>
                <p className="mt-1 text-sm">{offer.labelEn} · <span lang="es">{offer.labelEs}</span></p>
                <p className="mt-1 text-sm text-stone-700">{givesText(offer, dishName)}; {rulesText(offer)}</p>
                <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  <div><dt className="text-stone-700">Uses</dt><dd className="font-semibold">{offer.stats.uses}{offer.stats.reserved > 0 ? ` (+${offer.stats.reserved} in checkout)` : ""}</dd></div>
                  <div><dt className="text-stone-700">Discount given</dt><dd className="font-semibold">{formatPrice(offer.stats.discountGiven)}</dd></div>
                  <div><dt className="text-stone-700">First-time diners won</dt><dd className="font-semibold">{offer.stats.firstTimeDiners}</dd></div>
                </dl>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button type="button" className={secondaryButton} disabled={editing !== null} onClick={() => setEditing(offer.id)}>
                    Edit<span className="sr-only"> {offer.code}</span>
                  </button>
                  <button type="button" className={secondaryButton} disabled={busy === offer.id} onClick={() => void setPaused(offer, !offer.paused)}>
                    {offer.paused ? "Resume" : "Pause"}<span className="sr-only"> {offer.code}</span>
                  </button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
