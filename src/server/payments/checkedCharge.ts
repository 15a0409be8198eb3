// One payment completed only after a look at its tender (Square's delayed capture,
// developer.squareup.com/docs/payments-api/take-payments/card-payments/delayed-capture): created with
// autocomplete false it is APPROVED (money held, nothing taken) and names its tender (./tenderIdentity.ts);
// the check passes and CompletePayment takes it, or the check refuses and CancelPayment voids it, so a
// refused diner is charged nothing. Used only for orders whose promo code looks at who pays.
import type { Square, SquareClient } from "square";
import { ProviderNoAnswer, said } from "../platform/errors";
import { log } from "../platform/http";
import type { SquareConfig } from "../platform/squareClient";
import type { CardCheck, ChargeRequest, ChargeResult, ProviderOrder } from "./contract";
import { declined } from "./declines";
import { paidInFull, type SeenPayment } from "./fullPayment";
import { withoutRefusedCustomer } from "./refusedCustomer";
import { identityOfToken, tenderIdentityOf } from "./tenderIdentity";
import { payWithReadToken } from "../platform/squareReadings";
import { seenSquarePayment } from "./squareTenders";

type Call = <T>(step: string, task: () => Promise<T>) => Promise<T>;


/**
 * Runs the check on an authorized payment; when it throws, every authorization named is cancelled first (a
 * cancel that fails is logged: Square voids the hold itself after its delay, and the sweeper within 15
 * minutes), then the check's error is thrown.
 */
export async function checkOrCancel(client: SquareClient, check: CardCheck, payment: Square.Payment, authorized: string[], referenceId: string, tokenIdentity: string | null = null): Promise<void> {
  try {
    await check(tenderIdentityOf(payment, tokenIdentity));
  } catch (error) {
    for (const paymentId of authorized) {
      await client.payments.cancel({ paymentId }).catch(() => log("error", "an authorization could not be cancelled after a card check", { referenceId }));
    }
    throw error;
  }
}

/** Authorizes the whole total (and the tip) on the tender, checks who it is, then completes or cancels it. */
export async function chargeAfterCheck(client: SquareClient, config: SquareConfig, request: ChargeRequest, order: ProviderOrder, call: Call, check: CardCheck): Promise<ChargeResult> {
  const usd = (cents: number) => ({ amount: BigInt(cents), currency: "USD" as const });
  // A tender whose payment names no identity (a gift card) is known by what its unused token tells.
  const tokenIdentity = await call("payments.tokenIdentity", () => identityOfToken(client, request.sourceId));
  const { payment } = await call("payments.create (authorize)", () => withoutRefusedCustomer(request.squareCustomerId, (customerId, keySuffix) => payWithReadToken(request.sourceId, () =>
    client.payments.create({
      sourceId: request.sourceId,
      ...(request.verificationToken ? { verificationToken: request.verificationToken } : {}),
      idempotencyKey: `${request.idempotencyKey}${keySuffix}`,
      amountMoney: usd(order.totalCents),
      ...(request.tipCents ? { tipMoney: usd(request.tipCents) } : {}),
      autocomplete: false,
      locationId: config.locationId,
      orderId: order.id,
      referenceId: request.referenceId,
      buyerEmailAddress: request.customer.email,
      ...(customerId ? { customerId } : {}),
    }))),
  );
  if (!payment?.id) throw new ProviderNoAnswer(said("provider_unavailable"));
  if (payment.status === "FAILED" || payment.status === "CANCELED") throw declined([{ code: "GENERIC_DECLINE", detail: `Payment status ${payment.status}` }]);
  // A retry of an attempt whose payment completed already: the card was checked then.
  let taken = payment;
  if (payment.status !== "COMPLETED") {
    await checkOrCancel(client, check, payment, [payment.id], request.referenceId, tokenIdentity);
    // The completed payment carries its receipt; an answer without it still means completed.
    taken = (await call("payments.complete", () => client.payments.complete({ paymentId: payment.id! }))).payment ?? payment;
  }
  const seen: SeenPayment = {
    ...seenSquarePayment({ ...taken, id: payment.id, status: "COMPLETED" }, order.totalCents),
    fingerprint: tenderIdentityOf(taken, tokenIdentity) ?? tenderIdentityOf(payment, tokenIdentity),
  };
  const paid = paidInFull("square", order, [seen]);
  if (!paid) throw new ProviderNoAnswer(said("provider_unavailable"));
  return paid;
}
