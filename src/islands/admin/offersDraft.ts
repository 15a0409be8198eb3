// An offer as the Offers tab's form holds it (texts, as typed: dollars, blank for "none") and as the
// admin API takes it (cents, null for "none"), the "$5 off $25, first order" starting point, and one
// line of what a code gives and asks, for its card.
import { formatPrice, toCents } from "../../domain/money";
import type { Offer, OfferInput } from "../../domain/offer.schema";

export type OfferKind = OfferInput["kind"];
export type OfferScope = OfferInput["scope"];

export interface OfferDraft {
  code: string;
  kind: OfferKind;
  percent: string;
  /** Dollars, as typed. */
  amount: string;
  freeDishId: string;
  scope: OfferScope;
  dishIds: string[];
  /** Dollars, as typed; blank: no minimum. */
  minSubtotal: string;
  /** "YYYY-MM-DDTHH:mm", Miami's clock (a datetime-local field's own format); blank: no limit. */
  startsAt: string;
  endsAt: string;
  /** Blank: no cap. */
  totalCap: string;
  perDinerCap: string;
  firstOrderOnly: boolean;
  singleUse: boolean;
  labelEn: string;
  labelEs: string;
  paused: boolean;
  combinesWithRewards: boolean;
}

export const EMPTY_DRAFT: OfferDraft = {
  code: "",
  kind: "amount",
  percent: "",
  amount: "",
  freeDishId: "",
  scope: "order",
  dishIds: [],
  minSubtotal: "",
  startsAt: "",
  endsAt: "",
  totalCap: "",
  perDinerCap: "1",
  firstOrderOnly: false,
  singleUse: false,
  labelEn: "",
  labelEs: "",
  paused: false,
  combinesWithRewards: false,
};

/** The offer delivery apps fund to win a diner: $5 off an order of $25 or more, their first one. */
export const FIRST_ORDER_PRESET: Partial<OfferDraft> = {
  kind: "amount",
  amount: "5",
  scope: "order",
  minSubtotal: "25",
  firstOrderOnly: true,
  perDinerCap: "1",
  labelEn: "$5 off your first order of $25 or more",
  labelEs: "$5 de descuento en tu primer pedido de $25 o más",
};

const dollarsText = (cents: number | null | undefined) => (cents ? (cents / 100).toFixed(2).replace(/\.00$/, "") : "");
const countText = (count: number | null | undefined) => (count ? String(count) : "");

export function draftOf(offer: Offer): OfferDraft {
  return {
    code: offer.code,
    kind: offer.kind,
    percent: countText(offer.percent),
    amount: dollarsText(offer.amountCents),
    freeDishId: offer.freeDishId ?? "",
    scope: offer.scope,
    dishIds: [...offer.dishIds],
    minSubtotal: dollarsText(offer.minSubtotalCents),
    startsAt: offer.startsAt ?? "",
    endsAt: offer.endsAt ?? "",
    totalCap: countText(offer.totalCap),
    perDinerCap: countText(offer.perDinerCap),
    firstOrderOnly: offer.firstOrderOnly,
    singleUse: offer.singleUse,
    labelEn: offer.labelEn,
    labelEs: offer.labelEs,
    paused: offer.paused,
    combinesWithRewards: offer.combinesWithRewards,
  };
}

/** A typed number, or null when blank; NaN is sent as it is, for the server to name the field. */
const numberOf = (text: string) => (text.trim() === "" ? null : Number(text.trim()));
const centsOf = (text: string) => {
  const dollars = numberOf(text.replace(/^\$/, ""));
  return dollars === null ? null : toCents(dollars);
};

/** What the admin API is sent: only the fields of the kind and scope chosen. */
export function bodyOf(draft: OfferDraft): Record<string, unknown> {
  const freeDish = draft.kind === "free_dish";
  return {
    code: draft.code.trim(),
    kind: draft.kind,
    percent: draft.kind === "percent" ? numberOf(draft.percent) : null,
    amountCents: draft.kind === "amount" ? centsOf(draft.amount) : null,
    freeDishId: freeDish ? draft.freeDishId || null : null,
    scope: freeDish ? "order" : draft.scope,
    dishIds: !freeDish && draft.scope === "dishes" ? draft.dishIds : [],
    minSubtotalCents: centsOf(draft.minSubtotal) ?? 0,
    startsAt: draft.startsAt || null,
    endsAt: draft.endsAt || null,
    totalCap: numberOf(draft.totalCap),
    perDinerCap: numberOf(draft.perDinerCap),
    firstOrderOnly: draft.firstOrderOnly,
    singleUse: draft.singleUse,
    labelEn: draft.labelEn.trim(),
    labelEs: draft.labelEs.trim(),
    paused: draft.paused,
    combinesWithRewards: draft.combinesWithRewards,
  };
}

/** "$5.00 off the order", "10% off 2 dishes", "One Classic Burger free". */
export function givesText(offer: Offer, dishName: (id: string) => string): string {
  const where = offer.scope === "dishes" ? `${offer.dishIds.length === 1 ? dishName(offer.dishIds[0]!) : `${offer.dishIds.length} dishes`}` : "the order";
  if (offer.kind === "percent") return `${offer.percent}% off ${where}`;
  if (offer.kind === "amount") return `${formatPrice(offer.amountCents ?? 0)} off ${where}`;
  return `One ${dishName(offer.freeDishId ?? "")} free`;
}

/** Its conditions in one line: minimum, first order, caps, dates. */
export function rulesText(offer: Offer): string {
  const rules = [
    offer.minSubtotalCents > 0 ? `subtotal ${formatPrice(offer.minSubtotalCents)} or more` : "",
    offer.firstOrderOnly ? "first order only" : "",
    offer.singleUse ? "single use" : "",
    offer.totalCap ? `${offer.totalCap} uses in all` : "",
    offer.perDinerCap ? `${offer.perDinerCap} per diner` : "",
    offer.startsAt ? `from ${offer.startsAt.replace("T", " ")}` : "",
    offer.endsAt ? `until ${offer.endsAt.replace("T", " ")}` : "",
  ].filter(Boolean);
  return rules.length ? rules.join(" · ") : "no conditions";
}
