// An order keeps its tenders as a list (order_tenders): a split tender's gift card and card each with what
// it took, which a console refund splits by. Orders paid before the list kept a split tender's gift card in
// two columns of their own (gift_card_payment_id, gift_card_cents) and its refunds' gift card parts under
// the refund's key with "-gc": the migration moves them into the list, and refunds of such an order go on
// returning each tender's share to where it came from (Square's refunds per payment, the fake Square's).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import refunds from "../../netlify/functions/admin-refunds.mts";
import { testDatabase } from "../support/database";
import { giftCardBought } from "../support/giftCardSale";

const running = useOrderServices();
beforeAll(() => {
  process.env.SQUARE_TIMEOUT_SECONDS = "5";
});

const migration = readFileSync(new URL("../../netlify/database/migrations/20261207071000_order_tenders.sql", import.meta.url), "utf8");

/** The schema as it stood before the list: the split tender's gift card on the order's row, no list, refunds naming no payment. */
const BEFORE_THE_LIST = `
  ALTER TABLE orders ADD COLUMN gift_card_payment_id text;
  ALTER TABLE orders ADD COLUMN gift_card_cents integer CHECK (gift_card_cents > 0);
  CREATE INDEX orders_gift_card_payment ON orders (gift_card_payment_id) WHERE gift_card_payment_id IS NOT NULL;
  UPDATE orders o SET gift_card_payment_id = t.payment_id, gift_card_cents = t.amount_cents
    FROM order_tenders t WHERE t.order_id = o.id AND t.position = 1 AND t.kind = 'gift_card'
     AND EXISTS (SELECT 1 FROM order_tenders n WHERE n.order_id = o.id AND n.position = 2);
  UPDATE order_refunds p SET idempotency_key = c.idempotency_key || '-gc' FROM order_refunds c WHERE p.part_of = c.id;
  ALTER TABLE order_refunds DROP COLUMN part_of;
  ALTER TABLE order_refunds DROP COLUMN payment_id;
  DROP TABLE order_tenders;`;

const giftCardOf = (dollars: number) => giftCardBought(running.square, dollars);

async function refund(orderId: string, dollars: number): Promise<void> {
  const res = await call(refunds, `/api/admin/orders/${orderId}/refunds`, {
    body: { amount: dollars, reason: "Order never left the kitchen" },
    params: { id: orderId },
    headers: { ...(await adminHeaders()), "idempotency-key": randomUUID() },
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

/** What Square refunded of each payment, by the payment's card brand. */
function refundedByBrand(): Record<string, number> {
  const byBrand: Record<string, number> = {};
  for (const made of running.square.refunds.values()) {
    const brand = running.square.charges().find((payment) => payment.id === made.payment_id)?.card_details?.card?.card_brand;
    byBrand[brand] = (byBrand[brand] ?? 0) + made.amount_money.amount;
  }
  return byBrand;
}

const tendersOf = (orderId: string) =>
  testDatabase().rows<{ position: number; amount_cents: number; kind: string }>("SELECT position, amount_cents, kind FROM order_tenders WHERE order_id = $1 ORDER BY position", [orderId]);

describe("an order's tenders", () => {
  it("are kept in the order they paid, each with what it took; a partial refund is shared in proportion", async () => {
    const gan = await giftCardOf(20);
    const { orderId } = await jsonOf(await postOrder({ ...PICKUP_ORDER, tip: 5, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" }));
    // $53.75 and a $5 tip: the gift card's $20 first, the card the rest with the tip.
    expect(await tendersOf(orderId)).toEqual([
      { position: 1, amount_cents: 2000, kind: "gift_card" },
      { position: 2, amount_cents: 3875, kind: "card" },
    ]);
    await refund(orderId, 10);
    expect(refundedByBrand()).toEqual({ SQUARE_GIFT_CARD: 340, VISA: 660 });
  });
});

describe("the migration of orders paid before the list", () => {
  it("moves a split tender's gift card into the list without losing a cent, and its later refunds return each tender's rest", async () => {
    const gan = await giftCardOf(20);
    const { orderId } = await jsonOf(await postOrder({ ...PICKUP_ORDER, tip: 5, giftCardToken: running.square.giftCards.giftCardToken(gan), paymentToken: "cnon:card-nonce-ok" }));
    const { orderId: byCard } = await jsonOf(await postOrder(PICKUP_ORDER));
    await refund(orderId, 10);
    await testDatabase().rows(BEFORE_THE_LIST);
    const [old] = await testDatabase().rows<{ gift_card_cents: number }>("SELECT gift_card_cents FROM orders WHERE id = $1", [orderId]);
    expect(old!.gift_card_cents).toBe(2000);

    await testDatabase().rows(migration);
    expect(await tendersOf(orderId)).toEqual([
      { position: 1, amount_cents: 2000, kind: "gift_card" },
      { position: 2, amount_cents: 3875, kind: "card" },
    ]);
    expect(await tendersOf(byCard)).toEqual([{ position: 1, amount_cents: 5375, kind: "card" }]);
    // The earlier refund's gift card part is named as the share of its refund, on the gift card's payment.
    const parts = await testDatabase().rows<{ amount_cents: number; split: boolean; gift: boolean }>(
      `SELECT r.amount_cents, r.part_of IS NOT NULL AS split, r.payment_id = t.payment_id AS gift
         FROM order_refunds r JOIN order_tenders t ON t.order_id = r.order_id AND t.position = 1 WHERE r.order_id = $1 ORDER BY r.amount_cents`,
      [orderId],
    );
    expect(parts).toEqual([{ amount_cents: 340, split: true, gift: true }, { amount_cents: 660, split: false, gift: false }]);

    // The rest of the order: each tender gets back what it has left, and the gift card its whole $20.
    await refund(orderId, 48.75);
    expect(refundedByBrand()).toEqual({ SQUARE_GIFT_CARD: 2000, VISA: 3875 });
    expect(running.square.giftCards.byGan(gan).balance_money.amount).toBe(2000);
  });
});
