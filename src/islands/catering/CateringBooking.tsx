// A diner's catering booking (the link of its e-mail, ?id=...): its day, trays and state, the terms it was
// booked under, what cancelling now gives back (computed by the server), and the cancellation itself.
import { useEffect, useState } from "react";
import type { CateringTerm } from "../../domain/catering";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { cateringWords } from "../../domain/i18n/ui/catering";
import { ApiError, apiRequest } from "../../lib/api";

interface Booking {
  id: string;
  status: string;
  eventAt: string;
  headcount: number;
  lines: { name: string; nameEs?: string; quantity: number }[];
  totalCents: number;
  terms: CateringTerm[];
  refundIfCancelledNow: { percent: number; cents: number } | null;
  /** What was paid so far (an invoice's deposit, or all of it). */
  paidCents: number;
}

/** Paid by Square's invoice: what cancelling gives back is a share of what was paid so far. */
const INVOICED = ["invoiced", "deposit_paid", "paid"];

export default function CateringBooking({ locale = "en" }: { locale?: Locale }) {
  const t = translator(cateringWords, locale);
  const [booking, setBooking] = useState<Booking | null>(null);
  const [problem, setProblem] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [refunded, setRefunded] = useState<number | null>(null);
  const id = typeof location === "undefined" ? "" : (new URLSearchParams(location.search).get("id") ?? "");

  useEffect(() => {
    const say = translator(cateringWords, locale);
    if (!id) return setProblem(say("booking.missing"));
    apiRequest<{ order: Booking }>(`/api/catering/orders/${encodeURIComponent(id)}`).then(
      (answer) => setBooking(answer.order),
      (error) => setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : say("unreachable")),
    );
  }, [id, locale]);

  async function cancel() {
    try {
      const answer = await apiRequest<{ refundedCents: number }>(`/api/catering/orders/${encodeURIComponent(id)}/cancel`, { method: "POST" });
      setRefunded(answer.refundedCents);
      setBooking(booking && { ...booking, status: "cancelled", refundIfCancelledNow: null });
    } catch (error) {
      setProblem(error instanceof ApiError && error.serverMessage ? error.serverMessage : t("unreachable"));
    }
  }

  if (problem) return <p role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-3 text-red-800">{problem}</p>;
  if (!booking) return null;
  const when = new Date(booking.eventAt).toLocaleString(locale === "es" ? "es-US" : "en-US", { timeZone: "America/New_York", weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });
  return (
    <div className="mt-6 grid gap-4">
      <p className="text-lg font-semibold">{t("booking.when", when, booking.headcount)}</p>
      <ul className="list-disc pl-5">
        {booking.lines.map((line) => <li key={line.name}>{line.quantity} × {locale === "es" ? (line.nameEs ?? line.name) : line.name}</li>)}
      </ul>
      <p>{t("summary.total")}: {localPrice(booking.totalCents, locale)}</p>
      <p role="status">{refunded !== null ? t("booking.cancelled", localPrice(refunded, locale)) : t("booking.status", booking.status)}</p>
      <section aria-labelledby="booking-terms" className="rounded-xl border border-stone-300 p-4">
        <h2 id="booking-terms" className="font-display text-xl font-bold">{t("terms.heading")}</h2>
        <ul className="mt-2 list-disc pl-5">
          {booking.terms.map((term) => <li key={term.hoursBefore}>{t("terms.tier", term.hoursBefore, term.refundPercent)}</li>)}
        </ul>
      </section>
      {booking.refundIfCancelledNow && (
        <div>
          <p>
            {INVOICED.includes(booking.status)
              ? t("booking.refundPaid", localPrice(booking.refundIfCancelledNow.cents, locale), localPrice(booking.paidCents, locale))
              : t("booking.refundNow", booking.refundIfCancelledNow.percent, localPrice(booking.refundIfCancelledNow.cents, locale))}
          </p>
          {confirming ? (
            <button type="button" className="mt-3 rounded-full bg-red-800 px-6 py-3 font-bold text-white" onClick={() => void cancel()}>{t("booking.confirm")}</button>
          ) : (
            <button type="button" className="mt-3 rounded-full border border-red-800 px-6 py-3 font-bold text-red-800" onClick={() => setConfirming(true)}>{t("booking.cancel")}</button>
          )}
        </div>
      )}
    </div>
  );
}
