// The live order page's courier part: where the DoorDash driver is ("Driver on the way"), the driver's
// name, when it should arrive, and the tracking link, as soon as DoorDash says so.
import { COURIER_STEP_WORDS, type CourierView } from "../../domain/courierStatus";
import { doordashTrackingUrl } from "../../domain/courierTracking";
import type { Locale } from "../../domain/i18n/locales";
import { clockAt } from "../../domain/clockFormat";

const WORDS = {
  en: { heading: "Your DoorDash delivery", driver: "Driver", arrives: "Arriving around", track: "Track your driver" },
  es: { heading: "Tu entrega de DoorDash", driver: "Repartidor", arrives: "Llega hacia las", track: "Sigue a tu repartidor" },
} as const;

export default function CourierProgress({ courier, locale }: { courier: CourierView; locale: Locale }) {
  const w = WORDS[locale];
  const eta =
    courier.dropoffEta && courier.step !== "delivered" && courier.step !== "cancelled"
      ? clockAt(courier.dropoffEta, locale)
      : null;
  // Only DoorDash's own https tracking page is linked, whatever the view carries.
  const trackingUrl = doordashTrackingUrl(courier.trackingUrl);
  return (
    <section aria-labelledby="courier-heading" className="rounded-xl border border-stone-200 bg-white p-6">
      <h2 id="courier-heading" className="font-display text-xl font-bold">
        {w.heading}
      </h2>
      <div role="status" aria-live="polite" aria-atomic="true">
        <p data-testid="courier-step" className="mt-2 text-lg font-semibold">
          {COURIER_STEP_WORDS[locale][courier.step]}
        </p>
        {courier.driverName && courier.step !== "cancelled" && (
          <p className="text-stone-700">
            {w.driver}: {courier.driverName}
          </p>
        )}
        {eta && (
          <p className="text-stone-700">
            {w.arrives} {eta}
          </p>
        )}
      </div>
      {trackingUrl && courier.step !== "cancelled" && courier.step !== "delivered" && (
        <a className="mt-3 inline-block font-semibold text-brand-700 underline" href={trackingUrl} target="_blank" rel="noopener noreferrer">
          {w.track}
        </a>
      )}
    </section>
  );
}
