// A card held now and taken later (Square's delayed capture,
// developer.squareup.com/docs/payments-api/take-payments/card-payments/delayed-capture): CreatePayment with
// autocomplete false leaves the payment APPROVED (money held, nothing taken); CompletePayment takes it,
// CancelPayment voids it. Square voids a card-not-present hold after 7 days by itself; the caller decides
// when to take it. Without Square (locally, in tests) the local test gateway's tokens are honoured, and a
// hold is only a name: nothing is kept to take.
import { createHash } from "node:crypto";
import { SANDBOX_NONCES, TEST_WALLET_TOKENS } from "../../domain/payment";
import { isDeployed } from "../env";
import { ProviderUnavailable, said, Unavailable } from "../platform/errors";
import { log } from "../platform/http";
import { squareClient, squareConfig, squareSdk } from "../platform/squareClient";
import { declined, isDecline, type ProviderError } from "./declines";
import site from "../../../content/site.json";

export interface HoldRequest {
  /** Square keeps payment idempotency keys to 45 characters. */
  idempotencyKey: string;
  /** The card token from the payment form. Never stored, never logged. */
  sourceId: string;
  amountCents: number;
  referenceId: string;
  email: string;
  note: string;
}

const SANDBOX_APPROVED: ReadonlySet<string> = new Set([SANDBOX_NONCES.approved, ...Object.values(TEST_WALLET_TOKENS)]);
const isSandboxHold = (paymentId: string) => paymentId.startsWith("sandbox-hold-");

function available(): void {
  if (!squareConfig() && isDeployed()) throw new Unavailable(said("ordering_unavailable", site.phone));
}

/** Square's failures as the API answers them: a decline says what to do, anything else is "try again". */
async function squareCall<T>(step: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    const { SquareError } = await squareSdk();
    if (error instanceof SquareError && isDecline(error.errors as ProviderError[])) throw declined(error.errors as ProviderError[]);
    log("error", "square call failed", { step, statusCode: error instanceof SquareError ? error.statusCode : undefined });
    throw new ProviderUnavailable(said("provider_unavailable"));
  }
}

/** Holds `amountCents` on the card; answers the payment's id. A decline throws CardDeclined: nothing is held. */
export async function holdCard(request: HoldRequest): Promise<string> {
  available();
  const config = squareConfig();
  if (!config) {
    if (!SANDBOX_APPROVED.has(request.sourceId)) throw declined([{ category: "PAYMENT_METHOD_ERROR", code: "GENERIC_DECLINE" }]);
    return `sandbox-hold-${createHash("sha256").update(request.idempotencyKey).digest("base64url").slice(0, 20)}`;
  }
  const client = await squareClient("charge", config);
  const { payment } = await squareCall("payments.create (hold)", () =>
    client.payments.create({
      sourceId: request.sourceId,
      idempotencyKey: request.idempotencyKey,
      amountMoney: { amount: BigInt(request.amountCents), currency: "USD" },
      autocomplete: false,
      locationId: config.locationId,
      referenceId: request.referenceId,
      buyerEmailAddress: request.email,
      note: request.note,
    }),
  );
  if (!payment?.id || payment.status !== "APPROVED") throw declined([{ code: "GENERIC_DECLINE", detail: `Payment status ${payment?.status}` }]);
  return payment.id;
}

/** Takes a held payment (CompletePayment). */
export async function takeHold(paymentId: string): Promise<void> {
  const config = squareConfig();
  if (!config || isSandboxHold(paymentId)) return;
  const client = await squareClient("charge", config);
  await squareCall("payments.complete", () => client.payments.complete({ paymentId }));
}

/** Voids a held payment (CancelPayment): the money is the buyer's again. */
export async function releaseHold(paymentId: string): Promise<void> {
  const config = squareConfig();
  if (!config || isSandboxHold(paymentId)) return;
  const client = await squareClient("charge-check", config);
  await squareCall("payments.cancel", () => client.payments.cancel({ paymentId }));
}

/** Gives back part or all of a taken payment (RefundPayment). */
export async function refundTaken(paymentId: string, amountCents: number, idempotencyKey: string, reason: string): Promise<void> {
  const config = squareConfig();
  if (!config || isSandboxHold(paymentId) || amountCents <= 0) return;
  const client = await squareClient("refund", config);
  await squareCall("refunds.refundPayment", () =>
    client.refunds.refundPayment({ idempotencyKey, paymentId, amountMoney: { amount: BigInt(amountCents), currency: "USD" }, reason }),
  );
}
