// The catering page's order: the headcount and trays (./TrayPicker), the event's day and time with the
// first one that works, the diner's details, the cancellation terms to accept, then the checkout's own
// payment step; the server decides every rule again and holds the card (charged on the event's morning).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { cateringTotals, DEPOSIT_PERCENT, earliestEventAt, holdReaches } from "../../domain/catering";
import { restaurantTime } from "../../domain/hours";
import type { Locale } from "../../domain/i18n/locales";
import { localizedPath } from "../../domain/i18n/pagePaths";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { cateringWords } from "../../domain/i18n/ui/catering";
import { miamiInstant } from "../../domain/schedule";
import { ApiError, apiRequest } from "../../lib/api";
import { INPUT_CLASS } from "../../lib/formStyles";
import PaymentStep, { type PaidWith } from "../checkout/PaymentStep";
import TrayPicker from "./TrayPicker";
import type { CateringMenu } from "./types";

interface Props {
  locale?: Locale;
  phone: string;
  /** The menu as built from content/, shown until the live one arrives. */
  initial: CateringMenu;
}

interface Booked {
  order: { id: string; totalCents: number; captureAt: string | null; payUrl: string | null };
}

const newKey = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
const pad = (n: number) => String(n).padStart(2, "0");

export default function CateringOrder({ locale = "en", phone, initial }: Props) {
  const t = translator(cateringWords, locale);
  const id = useId();
  const [menu, setMenu] = useState(initial);
  const [headcount, setHeadcount] = useState(25);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [date, setDate] = useState("");
  const [time, setTime] = useState("12:00");
  const [details, setDetails] = useState({ name: "", email: "", phone: "", note: "" });
  const [accepted, setAccepted] = useState(false);
  const [step, setStep] = useState<"order" | "payment" | "done">("order");
  const [problem, setProblem] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [booked, setBooked] = useState<Booked["order"] | null>(null);
  const attempt = useRef<{ key: string; token: string } | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    apiRequest<CateringMenu>("/api/catering").then(setMenu, () => undefined);
  }, []);
  useEffect(() => {
    if (problem) problemRef.current?.focus();
  }, [problem]);

  const rules = { ...menu.rules, traysPerDay: 0, terms: menu.terms };
  const earliest = earliestEventAt(rules, headcount, new Date());
  const chosenDate = date || restaurantTime(earliest).date;
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const eventAt = miamiInstant(chosenDate, hours * 60 + minutes);
  const lines = menu.trays.filter((tray) => (quantities[tray.slug] ?? 0) > 0).map((tray) => ({ tray: tray.slug, quantity: quantities[tray.slug]! }));
  const totals = cateringTotals(menu.trays.map((tray) => ({ tray: { id: 0, serves: tray.serves, priceCents: tray.priceCents }, quantity: quantities[tray.slug] ?? 0 })));
  const when = (at: Date) => at.toLocaleString(locale === "es" ? "es-US" : "en-US", { timeZone: "America/New_York", weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" });

  // An event whose morning a card's hold cannot reach is invoiced by Square instead: no card here.
  const invoiced = !holdReaches(eventAt, new Date());

  function toPayment(event: FormEvent) {
    event.preventDefault();
    if (!accepted) return setProblem(t("terms.required"));
    setProblem("");
    if (invoiced) void pay({ token: "" } as PaidWith);
    else setStep("payment");
  }

  async function pay({ token }: PaidWith) {
    attempt.current = attempt.current?.token === token ? attempt.current : { key: newKey(), token };
    setSubmitting(true);
    setProblem("");
    try {
      const answer = await apiRequest<Booked>("/api/catering/orders", {
        headers: { "idempotency-key": attempt.current.key },
        body: { eventAt: eventAt.toISOString(), headcount, lines, customer: { name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim() }, note: details.note.trim(), ...(token ? { sourceId: token } : {}), acceptTerms: true },
      });
      setBooked(answer.order);
      setStep("done");
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) attempt.current = null;
      setProblem(`${t("failed")} ${error instanceof ApiError && error.serverMessage ? error.serverMessage : t("unreachable")}`);
      if (error instanceof ApiError && error.status === 422) setStep("order");
    } finally {
      setSubmitting(false);
    }
  }

  if (!menu.enabled) return <p className="mt-6">{t("off", phone)}</p>;
  if (step === "done" && booked) {
    return (
      <section role="status" className="mt-6 rounded-xl border border-green-300 bg-green-50 p-6">
        <h2 className="font-display text-2xl font-bold">{t("done.title")}</h2>
        {booked.captureAt ? (
          <p className="mt-2">{t("done.body", localPrice(booked.totalCents, locale), when(new Date(booked.captureAt)))}</p>
        ) : (
          <p className="mt-2">
            {t("done.invoice", DEPOSIT_PERCENT)}{" "}
            {booked.payUrl && <a className="font-semibold underline" href={booked.payUrl}>{t("done.payDeposit")}</a>}
          </p>
        )}
        <p className="mt-2 text-sm text-stone-700">{t("done.number", booked.id.slice(0, 8).toUpperCase())}</p>
        <a className="mt-2 inline-block font-semibold underline" href={`${localizedPath(locale, "/catering/booking")}?id=${booked.id}`}>{t("booking.title")}</a>
      </section>
    );
  }
  const field = (name: "name" | "email" | "phone", type: string, autoComplete: string) => (
    <label className="block">
      <span className="block font-semibold">{t(`contact.${name}`)}</span>
      <input className={INPUT_CLASS} type={type} autoComplete={autoComplete} required value={details[name]} onChange={(event) => setDetails({ ...details, [name]: event.target.value })} />
    </label>
  );
  return (
    <div className="mt-6">
      {problem && (
        <p ref={problemRef} tabIndex={-1} role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      {step === "order" ? (
        <form onSubmit={toPayment} aria-labelledby={`${id}-when`}>
          <TrayPicker locale={locale} menu={menu} headcount={headcount} onHeadcount={setHeadcount} quantities={quantities} onQuantity={(slug, quantity) => setQuantities({ ...quantities, [slug]: Math.max(0, Math.min(60, quantity)) })} />
          <h2 id={`${id}-when`} className="mt-8 font-display text-2xl font-bold">{t("when.heading")}</h2>
          <p className="mt-1 text-stone-700">{t("when.earliest", when(earliest))}</p>
          <p className="text-sm text-stone-700">{t("when.reach")}</p>
          <div className="mt-3 flex flex-wrap gap-4">
            <label className="block">
              <span className="block font-semibold">{t("when.date")}</span>
              <input className={INPUT_CLASS} type="date" required min={restaurantTime(earliest).date} value={chosenDate} onChange={(event) => setDate(event.target.value)} />
            </label>
            <label className="block">
              <span className="block font-semibold">{t("when.time")}</span>
              <input className={INPUT_CLASS} type="time" required min="07:00" max="21:00" step={900} value={time} onChange={(event) => setTime(event.target.value || `${pad(hours)}:${pad(minutes)}`)} />
            </label>
          </div>
          <h2 className="mt-8 font-display text-2xl font-bold">{t("contact.heading")}</h2>
          <div className="mt-3 grid gap-4 sm:grid-cols-3">
            {field("name", "text", "name")}
            {field("email", "email", "email")}
            {field("phone", "tel", "tel")}
          </div>
          <label className="mt-4 block">
            <span className="block font-semibold">{t("contact.note")}</span>
            <textarea className={INPUT_CLASS} maxLength={500} value={details.note} onChange={(event) => setDetails({ ...details, note: event.target.value })} />
          </label>
          <section aria-labelledby={`${id}-terms`} className="mt-8 rounded-xl border border-stone-300 p-4">
            <h2 id={`${id}-terms`} className="font-display text-xl font-bold">{t("terms.heading")}</h2>
            <ul className="mt-2 list-disc pl-5">
              {menu.terms.map((term) => <li key={term.hoursBefore}>{t("terms.tier", term.hoursBefore, term.refundPercent)}</li>)}
            </ul>
            <p className="mt-2">{t("terms.money")}</p>
            <label className="mt-3 flex items-center gap-2 font-semibold">
              <input type="checkbox" className="h-5 w-5" checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />
              {t("terms.accept")}
            </label>
          </section>
          {invoiced && <p className="mt-4">{t("terms.invoice", DEPOSIT_PERCENT)}</p>}
          <button type="submit" disabled={lines.length === 0 || submitting} className="mt-6 rounded-full bg-orange-700 px-6 py-3 font-bold text-white disabled:opacity-50">
            {invoiced ? t("continue.invoice") : t("continue")}
          </button>
        </form>
      ) : (
        <section>
          <button type="button" className="mb-4 font-semibold underline" onClick={() => setStep("order")}>{t("edit")}</button>
          <PaymentStep totalCents={totals.totalCents} billing={{ name: details.name.trim(), email: details.email.trim(), phone: details.phone.trim() }} submitting={submitting} retainedToken={attempt.current?.token ?? null} onToken={pay} phone={phone} locale={locale} />
        </section>
      )}
    </div>
  );
}
