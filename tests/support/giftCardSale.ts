// A gift card bought through the site's own sale (POST /api/gift-cards, paid by a verified card), as a
// customer buys one, against the fake Square: its number, read from the fake's cards by the last four
// digits the sale answers.
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { FakeSquare } from "./fakeSquare";
import { call, jsonOf } from "./functions";
import sale from "../../netlify/functions/gift-cards.mts";

export async function giftCardBought(square: FakeSquare, dollars: number): Promise<string> {
  const res = await call(sale, "/api/gift-cards", {
    body: { amount: dollars, recipient: { name: "Ana", email: "ana@example.com" }, buyer: { name: "Luis", email: "luis@example.com" }, paymentToken: "cnon:card-nonce-ok", verificationToken: "verf:bank-said-yes-0001" },
    headers: { "idempotency-key": randomUUID() },
  });
  expect(res.status).toBe(201);
  const { last4 } = await jsonOf(res);
  return [...square.giftCards.cards.values()].find((entry) => entry.gan.endsWith(last4)).gan;
}
