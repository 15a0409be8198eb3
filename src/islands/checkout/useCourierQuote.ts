// The checkout's courier quote: once a delivery address is typed, DoorDash is asked (through POST
// /api/delivery/quotes) for its fee and drop-off time; the fee shown is the fee in the totals and the
// one charged. A quote that is about to run out is asked for again before paying, and a new fee is
// shown instead of paid. Without courier settings the server answers 404 and nothing changes: the
// ZIP-code delivery at its flat fee. With them, delivery is DoorDash's only: where DoorDash cannot come,
// the checkout offers pickup (the server refuses a delivery without a quote).
import { useEffect, useRef, useState } from "react";
import { toE164 } from "../../domain/checkoutCustomer";
import type { Locale } from "../../domain/i18n/locales";
import { localPrice } from "../../domain/i18n/prices";
import { translator } from "../../domain/i18n/translate";
import { courierCheckoutWords } from "../../domain/i18n/ui/courierCheckout";
import { toCents, toDollars } from "../../domain/money";
import { clockAt } from "../../domain/clockFormat";
import { ApiError, apiRequest } from "../../lib/api";
import { NewestAsk } from "../../lib/newestAsk";

interface Quote {
  quoteId: string;
  fee: string;
  dropoffEta: string | null;
  expiresAt: string;
}

type Status = "off" | "idle" | "asking" | "quoted" | "refused" | "unavailable";

export interface CourierQuoteInput {
  orderType: "pickup" | "delivery";
  address: string;
  unit?: string;
  city: string;
  state: string;
  zipCode: string;
  name: string;
  phone: string;
  deliveryNotes: string;
  subtotalCents: number;
  tipCents: number;
  slot: string;
  locale: Locale;
}

/** Ask again this long before the quote's end rather than pay with it. */
const MARGIN_MS = 45_000;
const TYPING_PAUSE_MS = 600;
/** Courier delivery is on or off for the whole visit: one 404 says it is off. */
let couriersOff = false;

export function useCourierQuote(input: CourierQuoteInput) {
  const t = translator(courierCheckoutWords, input.locale);
  const [status, setShownStatus] = useState<Status>(couriersOff ? "off" : "idle");
  // The latest verdict, also between renders: a Continue pressed while the address is still being asked about waits for it.
  const verdict = useRef(status);
  const setStatus = (next: Status) => {
    verdict.current = next;
    setShownStatus(next);
  };
  const [quote, setQuote] = useState<Quote | null>(null);
  const asking = useRef(new NewestAsk());
  // Asked once the address, the ZIP code and a phone the driver can call are typed.
  const wanted = input.orderType === "delivery" && input.address.trim().length >= 4 && /^\d{5}/.test(input.zipCode.trim()) && toE164(input.phone) !== null;
  const key = JSON.stringify([input.address.trim(), input.unit?.trim() ?? "", input.city.trim(), input.state.trim(), input.zipCode.trim(), input.subtotalCents, input.tipCents, input.slot]);

  const ask = (): Promise<Quote | null> => asking.current.track(askNow);

  async function askNow(stillNewest: () => boolean): Promise<Quote | null> {
    setStatus("asking");
    try {
      const answer = await apiRequest<Quote>("/api/delivery/quotes", {
        body: {
          deliveryInfo: { address: input.address.trim(), unit: input.unit?.trim() || undefined, city: input.city.trim() || undefined, state: input.state.trim() || undefined, zipCode: input.zipCode.trim(), deliveryNotes: input.deliveryNotes.trim() || undefined },
          customerInfo: { name: input.name.trim() || "Customer", phone: input.phone.trim() },
          subtotal: toDollars(input.subtotalCents),
          ...(input.tipCents > 0 ? { tip: toDollars(input.tipCents) } : {}),
          ...(input.slot ? { slot: input.slot } : {}),
        },
      });
      if (!stillNewest()) return null;
      setQuote(answer);
      setStatus("quoted");
      return answer;
    } catch (error) {
      if (!stillNewest()) return null;
      setQuote(null);
      if (error instanceof ApiError && error.status === 404) {
        couriersOff = true;
        setStatus("off");
      } else if (error instanceof ApiError && error.status === 400) {
        // Details still being typed (a name or phone the server cannot use yet): no verdict on the address.
        setStatus("idle");
      } else setStatus(error instanceof ApiError && error.status === 422 ? "refused" : "unavailable");
      return null;
    }
  }

  // Asked again when what the quote depends on changes, not on every render: the newest ask, from a ref.
  const askLatest = useRef(ask);
  askLatest.current = ask;
  const off = status === "off";
  useEffect(() => {
    if (off || !wanted) return;
    const timer = setTimeout(() => void askLatest.current(), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key, wanted, off]);

  const active = status !== "off" && input.orderType === "delivery";
  const feeCents = active && status === "quoted" && quote ? toCents(Number(quote.fee)) : null;
  const money = (cents: number) => localPrice(cents, input.locale);
  const eta = quote?.dropoffEta ? clockAt(quote.dropoffEta, input.locale) : "";

  /** The line under the address: the fee and time, or why there is none and what instead. */
  let note: string | undefined;
  if (active && status === "asking") note = t("asking");
  else if (feeCents !== null) note = t("quoted", money(feeCents), eta);
  else if (active && (status === "refused" || status === "unavailable")) note = t(status);

  return {
    /** Courier delivery is on for this delivery order (a quote is asked, or was). */
    active,
    feeCents,
    quoteId: feeCents !== null ? quote!.quoteId : null,
    note,
    /**
     * Why the order cannot go on to payment as a courier delivery (undefined when it can), once the
     * typed address has its verdict: a Continue pressed within the typing pause asks now and waits.
     * "off" when no courier is offered (the ZIP-code delivery's own rule then applies).
     */
    async settledProblem(): Promise<string | undefined | "off"> {
      if (!active) return "off";
      if (verdict.current === "idle" && wanted) void ask();
      // The newest ask decides: the typing pause's may start, or have started, beside this one.
      await asking.current.settled();
      const settled = verdict.current;
      if (settled === "off") return "off";
      if (settled === "quoted") return undefined;
      if (settled === "asking" || settled === "idle") return t("asking");
      return t(settled === "refused" ? "refused" : "unavailable");
    },
    /**
     * Before paying: a quote near its end is asked for again. Answers the words to show instead of
     * paying when the fee changed (or no quote can be had), else null.
     */
    async beforePaying(): Promise<{ title: string; text: string } | null> {
      if (!active || !quote || status !== "quoted") return null;
      if (Date.parse(quote.expiresAt) - MARGIN_MS > Date.now()) return null;
      const fresh = await ask();
      if (!fresh) return { title: t("feeChangedTitle"), text: t("unavailable") };
      return fresh.fee === quote.fee ? null : { title: t("feeChangedTitle"), text: t("feeChanged", money(toCents(Number(fresh.fee)))) };
    },
    /** After the server refused a stale quote: ask again so the new fee shows. */
    refresh: () => void ask(),
  };
}
