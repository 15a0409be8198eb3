// Sends a paid checkout to POST /api/orders with its idempotency key, and turns every way it can
// fail into the message the checkout shows after "There was an issue processing your order: ".
// The server answers in the page's language (X-Site-Locale); the few sentences of our own follow it.
import type { Locale } from "../domain/i18n/locales";
import { translator } from "../domain/i18n/translate";
import { checkoutWords } from "../domain/i18n/ui/checkout";

export interface SubmittedOrder {
  orderId: string;
  orderNumber: string;
}

export class OrderSubmissionError extends Error {
  constructor(
    message: string,
    /** Worth resending the same attempt (same key and card token): the server or the network failed. */
    readonly retryable: boolean,
    /** Today's prices in cents by dish id, when the server refused a cart priced before a menu change. */
    readonly freshPrices?: ReadonlyMap<number, number>,
    /** Today's option prices in cents by "dish/group/option", with freshPrices. */
    readonly freshOptionPrices?: ReadonlyMap<string, number>,
  ) {
    super(message);
    this.name = "OrderSubmissionError";
  }
}

interface ErrorBody {
  error?: unknown;
  issues?: { path?: unknown; message?: unknown }[];
}

function errorBody(text: string): ErrorBody {
  try {
    const body = JSON.parse(text) as ErrorBody;
    return body && typeof body === "object" ? body : {};
  } catch {
    return {};
  }
}

/**
 * The prices a 409 "prices have changed" answer carries, in dollars: each dish's (`items.{id}.price`)
 * and each chosen option's (`items.{id}.options.{group}.{option}.price`); undefined for another 409.
 */
function freshPricesOf(body: ErrorBody): { dishes: Map<number, number>; options: Map<string, number> } | undefined {
  if (!body.issues?.some((issue) => issue.path === "total")) return undefined;
  const dishes = new Map<number, number>();
  const options = new Map<string, number>();
  for (const issue of body.issues) {
    if (typeof issue.path !== "string" || typeof issue.message !== "string") continue;
    const cents = Math.round(Number(issue.message) * 100);
    const dish = /^items\.(\d+)\.price$/.exec(issue.path);
    const option = /^items\.(\d+)\.options\.([^.]+)\.([^.]+)\.price$/.exec(issue.path);
    if (dish) dishes.set(Number(dish[1]), cents);
    else if (option) options.set(`${option[1]}/${option[2]}/${option[3]}`, cents);
  }
  return { dishes, options };
}

const VERIFICATION_KEY = "jealous-fork-buyer-verification";

/**
 * Square's buyer verification of a payment token (verifyBuyer, for a Google Pay card): sent with that token
 * whenever the checkout sends it, a retry after a reload included (kept in this tab's sessionStorage).
 */
let memoryVerification: { paymentToken: string; verificationToken: string } | null = null;

export function rememberVerification(paymentToken: string, verificationToken: string): void {
  memoryVerification = { paymentToken, verificationToken };
  try {
    sessionStorage.setItem(VERIFICATION_KEY, JSON.stringify(memoryVerification));
  } catch {
    // Without session storage only this page remembers it; after a reload Square asks for the check again.
  }
}

/** The verification made for this payment token, if any. */
export function verificationFor(paymentToken: string): string | undefined {
  let kept = memoryVerification;
  try {
    kept = (JSON.parse(sessionStorage.getItem(VERIFICATION_KEY) ?? "null") as typeof kept) ?? kept;
  } catch {
    // Unreadable: the one in memory, if any.
  }
  return kept && kept.paymentToken === paymentToken && typeof kept.verificationToken === "string" ? kept.verificationToken : undefined;
}

/**
 * Set once the server answered that every card must now pass its bank's check (the site-wide brake on
 * declined cards turned on while this page was open): the card form verifies the buyer from then on.
 */
let verificationRequired = false;

export function cardsNeedVerification(): boolean {
  return verificationRequired;
}

/** The order as sent: with the verification of its payment token when the buyer was verified. */
function withVerification(body: unknown): unknown {
  const token = (body as { paymentToken?: unknown } | null)?.paymentToken;
  const verificationToken = typeof token === "string" ? verificationFor(token) : undefined;
  return verificationToken ? { ...(body as object), verificationToken } : body;
}

export async function submitOrder(body: unknown, idempotencyKey: string, locale: Locale = "en"): Promise<SubmittedOrder> {
  const t = translator(checkoutWords, locale);
  let res: Response;
  try {
    res = await fetch("/api/orders", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": idempotencyKey, "x-site-locale": locale },
      body: JSON.stringify(withVerification(body)),
      credentials: "include",
    });
  } catch {
    throw new OrderSubmissionError(t("submit.offline"), true);
  }
  const text = await res.text();
  if (!res.ok) {
    // The server's own sentence when it sent one; otherwise the API client's "{status}: {body or status text}".
    const body = errorBody(text);
    const message = typeof body.error === "string" ? body.error : `${res.status}: ${text || res.statusText}`;
    const fresh = res.status === 409 ? freshPricesOf(body) : undefined;
    if ((body as { code?: unknown }).code === "verification_required") verificationRequired = true;
    throw new OrderSubmissionError(message, res.status >= 500 || res.status === 408 || res.status === 429, fresh?.dishes, fresh?.options);
  }
  if (!text.trim()) throw new OrderSubmissionError(t("submit.empty"), true);
  let data: Partial<SubmittedOrder>;
  try {
    data = JSON.parse(text) as Partial<SubmittedOrder>;
  } catch {
    throw new OrderSubmissionError(t("submit.invalid"), true);
  }
  if (typeof data?.orderId !== "string") throw new OrderSubmissionError(t("submit.invalid"), true);
  return { orderId: data.orderId, orderNumber: typeof data.orderNumber === "string" ? data.orderNumber : data.orderId };
}

/** Carries the success toast across the navigation to the confirmation page (the toast store is per page). */
export const ORDER_PLACED_FLASH_KEY = "jealous-fork-order-placed";
