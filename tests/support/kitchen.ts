// The kitchen finishing an order on Square's Point of Sale, as staff do it: accepted, ready, then "Picked up"
// (COMPLETED); Square notifies the site of each step, and the work the site starts on them is waited for.
import { expect } from "vitest";
import { accrualsInFlight } from "../../src/server/loyalty/accrual";
import type { FakeSquare } from "./fakeSquare";

export async function pickedUpOnPos(square: FakeSquare, providerOrderId: string): Promise<void> {
  for (const state of ["RESERVED", "PREPARED", "COMPLETED"] as const) square.posSetFulfillmentState(providerOrderId, state);
  expect(new Set(await square.deliverWebhooks())).toEqual(new Set([200]));
  await accrualsInFlight();
}
