// A curbside order's "I'm here", with where to come (the address and a directions link): offered from an hour before the promised time to an hour after it (the
// server decides and refuses outside it), it tells the kitchen the diner is at the curb; after a tap,
// and for the order as read later, the page says the kitchen knows.
import { useState } from "react";
import { clockAt } from "../../domain/clockFormat";
import { arrivalWindowOpen, type OrderView } from "../../domain/orderReadModel";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { curbsideWords } from "../../domain/i18n/ui/curbside";
import { ApiError, apiRequest } from "../../lib/api";
import { useNowEveryMinute } from "../useNow";

const WAITING = new Set(["confirmed", "preparing", "ready"]);

interface Props {
  /** The order page's id: the key the endpoint takes, as GET /api/orders/{id} does. */
  orderId: string;
  order: OrderView;
  locale: Locale;
  /** The restaurant's address as the page shows it (content/site.json), for the directions. */
  address: string;
}

/** Directions to the restaurant in the diner's own maps (Google Maps' documented directions link). */
export const directionsUrl = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

export default function CurbsideArrival({ orderId, order, locale, address }: Props) {
  const t = translator(curbsideWords, locale);
  const now = useNowEveryMinute();
  const [arrivedAt, setArrivedAt] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const curbside = order.curbside;
  if (!curbside || !WAITING.has(order.status)) return null;
  const arrived = arrivedAt ?? curbside.arrivedAt;
  const clock = (iso: string) => clockAt(iso, locale);
  const open = now !== null && arrivalWindowOpen(order.promisedAt, now);
  const late = now !== null && !!order.promisedAt && now.getTime() > Date.parse(order.promisedAt);

  async function tell() {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await apiRequest<{ arrivedAt: string }>(`/api/orders/${encodeURIComponent(orderId)}/arrived`, { method: "POST" });
      setArrivedAt(answer.arrivedAt);
    } catch (error) {
      setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : t("failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="curbside-heading" className="rounded-xl border border-amber-300 bg-amber-50 p-6">
      <h2 id="curbside-heading" className="font-display text-xl font-bold">
        {t("heading")}
      </h2>
      {curbside.car && <p className="mt-2">{t("car", curbside.car)}</p>}
      <p className="mt-2">
        {t("where", address)}{" "}
        <a className="font-semibold text-brand-700 underline" href={directionsUrl(address)} target="_blank" rel="noopener noreferrer">
          {t("directions")}
        </a>
      </p>
      {!arrived && <p className="mt-2">{t("howTo")}</p>}
      <div aria-live="polite" className="mt-3">
        {arrived ? (
          <p className="font-semibold text-green-900">{t("arrived", clock(arrived))}</p>
        ) : open ? (
          <button
            type="button"
            className="min-h-14 w-full rounded-lg bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
            disabled={busy}
            onClick={() => void tell()}
          >
            {busy ? t("sending") : t("button")}
          </button>
        ) : (
          now !== null && <p className="text-stone-700">{late ? t("closed") : t("notYet")}</p>
        )}
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {problem}
          </p>
        )}
      </div>
    </section>
  );
}
