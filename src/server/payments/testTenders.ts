// Tenders of the local test gateway (./sandbox.ts) that a room of their own keeps (TEST MODE's gift card
// numbers, src/server/giftcards): the room registers how its tokens pay (src/server/participants.ts), and
// the gateway asks it for a token it owns, so payments keeps none of that room's records.
import type { ChargeResult, ProviderOrder } from "./contract";
import type { ProviderError } from "./declines";

/** A test payment's outcome, as the test gateway keeps it under its key. */
export type TestOutcome = { ok: true; result: ChargeResult } | { ok: false; errors: ProviderError[] };

export interface TestTender {
  /** Whether a payment form's token is one of this tender's. */
  owns(token: string): boolean;
  /** Pays the order's total and the tip from the tender. */
  pay(token: string, order: ProviderOrder, tipCents: number): Promise<TestOutcome>;
  /**
   * Pays first, what it holds up to the total (Square's partial authorization); `rest`, the other source's
   * outcome, pays the rest. Nothing is taken from the tender when the rest is refused.
   */
  payFirst(token: string, order: ProviderOrder, rest: TestOutcome): Promise<TestOutcome>;
}

const tenders: TestTender[] = [];

export function payTestTendersWith(tender: TestTender): void {
  if (!tenders.includes(tender)) tenders.push(tender);
}

/** The registered tender owning `token`, if any. */
export function testTenderOf(token: string): TestTender | undefined {
  return tenders.find((tender) => tender.owns(token));
}
