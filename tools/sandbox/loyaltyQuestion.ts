// Whether Square accumulates loyalty points for a paid pickup still OPEN (the kitchen has not finished it):
// a sandbox test phone's loyalty account, a $2.00 pickup paid with Square's test card, AccumulateLoyaltyPoints
// by the order; refused, the pickup is completed (UpdateOrder) and asked again. Needs a loyalty program in the
// sandbox's Seller Dashboard, as in production.
import { randomInt, randomUUID } from "node:crypto";
import type { SquareClient, Square } from "square";
import { refusalOf, type Finding } from "./questions.ts";

const usd = (cents: number): Square.Money => ({ amount: BigInt(cents), currency: "USD" });

/** The loyalty account of a sandbox test phone (+1 305 555 xxxx, Square's test numbers), made when none. */
async function testAccount(client: SquareClient, programId: string): Promise<string> {
  const phone = `+1305555${String(randomInt(1000, 10000))}`;
  const found = await client.loyalty.accounts.search({ query: { mappings: [{ phoneNumber: phone }] } });
  const existing = found.loyaltyAccounts?.[0]?.id;
  if (existing) return existing;
  const made = await client.loyalty.accounts.create({ loyaltyAccount: { programId, mapping: { phoneNumber: phone } }, idempotencyKey: randomUUID() });
  return made.loyaltyAccount!.id!;
}

export async function pointsOnOpenPickup(client: SquareClient, locationId: string): Promise<Finding> {
  const question = "Points for a paid pickup still OPEN";
  let programId: string | undefined;
  try {
    programId = (await client.loyalty.programs.get({ programId: "main" })).program?.id;
  } catch (error) {
    return { question, answered: `Not asked: the sandbox has no loyalty program (${refusalOf(error)}); make one in the sandbox Seller Dashboard.`, reading: null };
  }
  if (!programId) return { question, answered: "Not asked: the sandbox has no loyalty program; make one in the sandbox Seller Dashboard.", reading: null };
  const accountId = await testAccount(client, programId);
  const { order } = await client.orders.create({
    idempotencyKey: randomUUID(),
    order: {
      locationId,
      lineItems: [{ name: "Sandbox check", quantity: "1", basePriceMoney: usd(200) }],
      fulfillments: [{ type: "PICKUP", state: "PROPOSED", pickupDetails: { recipient: { displayName: "Sandbox check" }, scheduleType: "ASAP", prepTimeDuration: "PT20M" } }],
    },
  });
  await client.payments.create({ sourceId: "cnon:card-nonce-ok", idempotencyKey: randomUUID(), amountMoney: usd(Number(order!.totalMoney!.amount)), orderId: order!.id!, locationId });
  const accumulate = () =>
    client.loyalty.accounts.accumulatePoints({ accountId, accumulatePoints: { orderId: order!.id! }, idempotencyKey: randomUUID(), locationId }).then(
      (answer) => ({ ok: true as const, text: `${(answer.events ?? []).reduce((sum, event) => sum + (event.accumulatePoints?.points ?? 0), 0)} points` }),
      (error: unknown) => ({ ok: false as const, text: refusalOf(error) }),
    );
  const open = await accumulate();
  if (open.ok) return { question, answered: `Square accumulated ${open.text} while the pickup was OPEN.`, reading: { name: "loyalty", value: "paid" } };
  const current = (await client.orders.get({ orderId: order!.id! })).order!;
  const fulfillment = current.fulfillments?.[0];
  await client.orders.update({
    orderId: current.id!,
    order: { locationId, version: current.version, fulfillments: [{ uid: fulfillment?.uid, state: "COMPLETED" }] },
    idempotencyKey: randomUUID(),
  });
  const completed = await accumulate();
  return completed.ok
    ? { question, answered: `Square refused while OPEN (${open.text}) and accumulated ${completed.text} once the order was COMPLETED.`, reading: { name: "loyalty", value: "completed" } }
    : { question, answered: `Square refused while OPEN (${open.text}) and once COMPLETED (${completed.text}).`, reading: null };
}
