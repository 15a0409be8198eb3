// Catering for the API tests: the owner's rules set through the console's endpoint, and a diner's order
// through POST /api/catering/orders as the catering page sends it.
import { randomUUID } from "node:crypto";
import adminCatering from "../../netlify/functions/admin-catering.mts";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import { SANDBOX_NONCES } from "../../src/domain/payment";
import { call } from "./functions";

export const DINER = { name: "Ana Office", email: "ana@example.com", phone: "(305) 555-0142" };

/** Sets the owner's rules (any of them) as the console does; fails the test on any refusal. */
export async function setCateringRules(admin: Record<string, string>, rules: Record<string, unknown>): Promise<void> {
  const res = await call(adminCatering, "/api/admin/catering", { method: "PUT", body: { rules }, headers: admin });
  if (res.status !== 200) throw new Error(`the rules were refused: ${res.status} ${await res.text()}`);
}

let diners = 0;

export interface CateringAttempt {
  /** The diner's e-mail; by default one of their own for each attempt (each diner has a budget of holds). */
  email?: string;
  eventAt: Date;
  headcount?: number;
  lines?: { tray: string; quantity: number }[];
  sourceId?: string;
  key?: string;
  headers?: Record<string, string>;
}

/** A diner's order: by default 25 people, two flatbread trays (serve 24) and a fruit tray, the test card. */
export function orderCatering(attempt: CateringAttempt): Promise<Response> {
  return call(cateringOrders, "/api/catering/orders", {
    body: {
      eventAt: attempt.eventAt.toISOString(),
      headcount: attempt.headcount ?? 25,
      lines: attempt.lines ?? [
        { tray: "flatbread-tray", quantity: 2 },
        { tray: "fruit-tray", quantity: 1 },
      ],
      customer: { ...DINER, email: attempt.email ?? `diner${++diners}@example.com` },
      sourceId: "sourceId" in attempt ? attempt.sourceId : SANDBOX_NONCES.approved,
      acceptTerms: true,
    },
    headers: { "idempotency-key": attempt.key ?? randomUUID(), ...attempt.headers },
  });
}
