// Promo codes made as the owner makes them (POST /api/admin/offers), and new diners for them: the offers'
// API tests start from "$3 off the order" and change what they judge.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import adminOffers from "../../netlify/functions/admin-offers.mts";
import { call, jsonOf } from "./functions";

export const unique = () => randomUUID().replaceAll("-", "").slice(0, 8);

/** A code named `prefix` and 8 random characters, answered 201 by the console. */
export async function createOffer(admin: Record<string, string>, prefix: string, fields: Record<string, unknown>): Promise<{ code: string; id: string }> {
  const code = `${prefix}${unique().toUpperCase()}`;
  const body = { code, kind: "amount", amountCents: 300, scope: "order", labelEn: "$3 off", labelEs: "$3 de descuento", ...fields };
  const res = await call(adminOffers, "/api/admin/offers", { body, headers: admin });
  expect(res.status).toBe(201);
  return { code, id: (await jsonOf<{ offer: { id: string } }>(res)).offer.id };
}

export type Diner = { name: string; email: string; phone: string };

/** The next diner's line (555-1000 to 555-9999): in turn from a random start, so no two diners of a test file share a phone. */
let nextLine = Math.floor(Math.random() * 9000);

/** A diner no earlier order knows: a new e-mail and a Miami phone. */
export const newDiner = (prefix: string): Diner => ({ name: "Ana", email: `${prefix}-${unique()}@example.com`, phone: `(786) 555-${String(1000 + (nextLine++ % 9000))}` });
