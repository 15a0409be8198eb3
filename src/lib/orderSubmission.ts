// Sends a paid checkout to POST /api/orders with its idempotency key (through the API client), and
// turns every way it can fail into the message the checkout keeps beside its summary (checkout/PayProblem.tsx).
// The server answers in the page's language (X-Site-Locale); the few sentences of our own
// follow it. It keeps nothing between calls: what pays travels in the request it is given.
import type { Locale } from "../domain/i18n/locales";
import { translator, type Translate } from "../domain/i18n/translate";
import { checkoutWords } from "../domain/i18n/ui/checkout";
import type { OrderRequest } from "../domain/orderRequest.schema";
import { ApiError, apiRequest, type ApiIssue } from "./api";

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
    /**
     * The server now asks every card for its bank's check (the site-wide brake on declined cards turned
     * on while this page was open): the card form verifies the buyer from then on.
     */
    readonly verificationRequired = false,
    /** The server's refusal of fields the diner typed (zod paths and sentences), to show at those fields. */
    readonly fieldIssues: readonly { path: string; message: string }[] = [],
    /** What a refusal names (`items.2`, `slot`), so the checkout offers the fix: remove that dish, pick a time. */
    readonly paths: readonly string[] = [],
  ) {
    super(message);
    this.name = "OrderSubmissionError";
  }
}

/**
 * The prices a 409 "prices have changed" answer carries, in dollars: each dish's (`items.{id}.price`)
 * and each chosen option's (`items.{id}.options.{group}.{option}.price`); undefined for another 409.
 */
function freshPricesOf(issues: readonly ApiIssue[]): { dishes: Map<number, number>; options: Map<string, number> } | undefined {
  if (!issues.some((issue) => issue.path === "total")) return undefined;
  const dishes = new Map<number, number>();
  const options = new Map<string, number>();
  for (const issue of issues) {
    if (typeof issue.path !== "string" || typeof issue.message !== "string") continue;
    const cents = Math.round(Number(issue.message) * 100);
    const dish = /^items\.(\d+)\.price$/.exec(issue.path);
    const option = /^items\.(\d+)\.options\.([^.]+)\.([^.]+)\.price$/.exec(issue.path);
    if (dish) dishes.set(Number(dish[1]), cents);
    else if (option) options.set(`${option[1]}/${option[2]}/${option[3]}`, cents);
  }
  return { dishes, options };
}

/** The checkout's words for an answer the API refused, or could not give. */
function submissionError(error: unknown, t: Translate<typeof checkoutWords>): OrderSubmissionError {
  // An OK answer that is not JSON.
  if (error instanceof SyntaxError) return new OrderSubmissionError(t("submit.invalid"), true);
  // No answer at all: the network failed.
  if (!(error instanceof ApiError)) return new OrderSubmissionError(t("submit.offline"), true);
  const { status } = error;
  const fresh = status === 409 ? freshPricesOf(Array.isArray(error.body?.issues) ? error.body.issues : []) : undefined;
  // The server's own sentence when it sent one; otherwise the API client's "{status}: {body or status text}".
  return new OrderSubmissionError(
    error.serverMessage ?? error.message,
    status >= 500 || status === 408 || status === 429,
    fresh?.dishes,
    fresh?.options,
    error.body?.code === "verification_required",
    status === 400 || status === 422 ? typedIssuesOf(error.body?.issues) : [],
    status >= 400 && status < 500 ? typedIssuesOf(error.body?.issues).map((issue) => issue.path) : [],
  );
}

/** A refusal's issues that name a field by a path, as the checkout's fields can show them. */
function typedIssuesOf(issues: unknown): { path: string; message: string }[] {
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: ApiIssue) =>
    typeof issue?.path === "string" && typeof issue.message === "string" ? [{ path: issue.path, message: issue.message }] : [],
  );
}

export async function submitOrder(request: OrderRequest, idempotencyKey: string, locale: Locale = "en"): Promise<SubmittedOrder> {
  const t = translator(checkoutWords, locale);
  let data: Partial<SubmittedOrder> | null;
  try {
    data = await apiRequest<Partial<SubmittedOrder> | null>("/api/orders", {
      body: request,
      headers: { "idempotency-key": idempotencyKey, "x-site-locale": locale },
    });
  } catch (error) {
    throw submissionError(error, t);
  }
  if (data === null) throw new OrderSubmissionError(t("submit.empty"), true);
  if (typeof data?.orderId !== "string") throw new OrderSubmissionError(t("submit.invalid"), true);
  return { orderId: data.orderId, orderNumber: typeof data.orderNumber === "string" ? data.orderNumber : data.orderId };
}
