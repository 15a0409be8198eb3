// Split tender at Square, as "Take Partial Payments with Square Gift Cards" does it
// (developer.squareup.com/docs/web-payments/gift-card-walkthrough): the partial source (a source that may be
// approved for less than asked: a gift card's token) is authorized for up to the order's total
// (accept_partial_authorization, autocomplete false), the card or wallet is authorized for the rest with
// the tip, and PayOrder completes both. If the second payment fails, the first authorization is cancelled at
// once, so its balance is back and no hold is stranded.
import { createHash } from "node:crypto";
import type { SquareClient } from "square";
import { ProviderNoAnswer, ProviderUnavailable, RuleBroken, said } from "../platform/errors";
import { log } from "../platform/http";
import type { SquareConfig } from "../platform/squareClient";
import type { CardCheck, ChargeRequest, ChargeResult, ProviderOrder } from "./contract";
import { checkOrCancel } from "./checkedCharge";
import { paidInFull } from "./fullPayment";
import { withoutRefusedCustomer } from "./refusedCustomer";
import { seenSquarePayment } from "./squareTenders";

type Call = <T>(step: string, task: () => Promise<T>) => Promise<T>;

/** A key of its own for each step, derived from the attempt's (Square keeps payment keys to 45 characters). */
function stepKey(idempotencyKey: string, step: string): string {
  return `${step}-${createHash("sha256").update(`${idempotencyKey}:${step}`).digest("base64url").slice(0, 36)}`;
}

export async function chargeSplitTender(client: SquareClient, config: SquareConfig, request: ChargeRequest, order: ProviderOrder, call: Call, check?: CardCheck): Promise<ChargeResult> {
  const usd = (cents: number) => ({ amount: BigInt(cents), currency: "USD" as const });
  // The step's key keeps the name it had when only gift cards paid first, so a retry across versions finds it.
  const { payment: partial } = await call("payments.create (partial)", () => withoutRefusedCustomer(request.squareCustomerId, (customerId, keySuffix) =>
    client.payments.create({
      sourceId: request.partialSourceId!,
      idempotencyKey: `${stepKey(request.idempotencyKey, "gc")}${keySuffix}`,
      amountMoney: usd(order.totalCents),
      acceptPartialAuthorization: true,
      autocomplete: false,
      locationId: config.locationId,
      orderId: order.id,
      referenceId: request.referenceId,
      ...(customerId ? { customerId } : {}),
    })),
  );
  if (!partial?.id) throw new ProviderUnavailable(said("provider_unavailable"));
  const approved = Number(partial.amountMoney?.amount ?? 0);
  const cancelPartial = async (why: string) => {
    try {
      await client.payments.cancel({ paymentId: partial.id! });
    } catch {
      // An authorization Square keeps would lapse on its own; staff hear of it in the log.
      log("error", "a partial authorization could not be cancelled", { referenceId: request.referenceId, why });
    }
  };
  const rest = order.totalCents - approved;
  if (rest <= 0) {
    // The partial source alone covers the total: one tender is clearer for everyone (and a tip must then fit it).
    await cancelPartial("covers the whole total");
    throw new RuleBroken(said("gift_card_covers_all"));
  }
  let card: Awaited<ReturnType<SquareClient["payments"]["create"]>>["payment"];
  try {
    ({ payment: card } = await call("payments.create (rest)", () => withoutRefusedCustomer(request.squareCustomerId, (customerId, keySuffix) =>
      client.payments.create({
        sourceId: request.sourceId,
        ...(request.verificationToken ? { verificationToken: request.verificationToken } : {}),
        idempotencyKey: `${request.idempotencyKey}${keySuffix}`,
        amountMoney: usd(rest),
        ...(request.tipCents ? { tipMoney: usd(request.tipCents) } : {}),
        autocomplete: false,
        locationId: config.locationId,
        orderId: order.id,
        referenceId: request.referenceId,
        ...(customerId ? { customerId } : {}),
        buyerEmailAddress: request.customer.email,
      })),
    ));
    if (!card?.id) throw new ProviderUnavailable(said("provider_unavailable"));
  } catch (error) {
    await cancelPartial("the second payment failed");
    throw error;
  }
  // Both are only authorized: a check on who pays refuses the card before anything is taken.
  if (check) await checkOrCancel(client, check, card, [partial.id, card.id], request.referenceId);
  try {
    await call("orders.pay", () => client.orders.pay({ orderId: order.id, idempotencyKey: stepKey(request.idempotencyKey, "pay"), paymentIds: [partial.id!, card.id!] }));
  } catch (error) {
    await cancelPartial("PayOrder failed");
    await client.payments.cancel({ paymentId: card.id }).catch(() => log("error", "card authorization could not be cancelled", { referenceId: request.referenceId }));
    throw error;
  }
  // PayOrder answering is Square saying both authorizations are completed: paid, and booked whole. The
  // partial source pays first; the card, whatever its brand, pays the rest and the tip.
  const paid = paidInFull("square", order, [
    { ...seenSquarePayment(partial, approved), status: "COMPLETED", amountCents: approved, paidCents: approved, paysFirst: true, fingerprint: null },
    { ...seenSquarePayment(card, rest), status: "COMPLETED", amountCents: rest, paidCents: rest + (request.tipCents ?? 0), paysFirst: false },
  ]);
  if (!paid) throw new ProviderNoAnswer(said("provider_unavailable"));
  return paid;
}
