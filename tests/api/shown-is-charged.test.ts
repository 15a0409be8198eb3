// What the customer sees before the Pay button is what Square charges: the checkout's totals (the cart's
// own computation, src/domain/pricing.ts) against the fake Square, which prices orders by Square's
// published rules on its own (Bankers' Rounding, an order-level tax spread across the lines); and the
// same cents stored, on the order page and in the confirmation e-mail.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../src/integrations/mailCatcher";
import { formatPrice } from "../../src/domain/money";
import { computeTotals, lineTaxes, type PricedLine } from "../../src/domain/pricing";
import orderHandler from "../../netlify/functions/order.mts";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { postOrder, startOrderServices, type OrderServices, hearNotificationsAfterEachTest } from "../support/orderServices";

let services: OrderServices;
let catcher: MailCatcher;
beforeAll(async () => {
  services = await startOrderServices();
  catcher = await startMailCatcher();
  Object.assign(process.env, { SMTP_URL: catcher.smtpUrl, MAIL_FROM: "Jealous Fork <orders@jealousfork.example>", SITE_URL: "https://jealousfork.example" });
});
afterAll(async () => {
  for (const name of ["SMTP_URL", "MAIL_FROM", "SITE_URL"]) delete process.env[name];
  await services.stop();
  await catcher.stop();
});
hearNotificationsAfterEachTest(() => services?.square);
beforeEach(() => services.square.reset());

const customerInfo = { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" };
const deliveryInfo = { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", deliveryNotes: "" };
const VIKING_TELLE = { id: 11, name: "Viking Telle Pancakes", price: 15 };
const BRUNCH_BITES = { id: 7, name: "Billionaire Brunch Bites", price: 17 };
const HOT_MAPLE = { id: 1, name: "Hot Maple Flatbread", price: 16 };
const CLASSIC_BURGER = { id: 21, name: "The Classic Brunch Burger", price: 20 };

interface Seen {
  lines: PricedLine[];
  deliveryFeeCents: number;
  tipCents: number;
}

/**
 * Places an order with the total the checkout shows for it (sent as `total`, as the checkout sends it),
 * and answers every figure a person or Square ends up with, in cents.
 */
async function everyFigure(body: Record<string, unknown>, seen: Seen) {
  const shown = computeTotals(seen.lines, seen.deliveryFeeCents);
  const res = await postOrder({ ...body, customerInfo, paymentToken: "cnon:card-nonce-ok", total: shown.total / 100 });
  expect(res.status).toBe(201);
  const { orderId, orderNumber } = await jsonOf(res);
  const [charge] = services.square.charges();
  const [squareOrder] = [...services.square.orders.values()];
  const [stored] = await testDatabase().rows<{ tax_cents: number; total_cents: number; tip_cents: number }>(
    "SELECT tax_cents, total_cents, tip_cents FROM orders WHERE id = $1",
    [orderId],
  );
  const page = await jsonOf(await call(orderHandler, `/api/orders/${orderId}`, { params: { id: orderId } }));
  const mail = await catcher.waitFor((caught) => caught.subject.includes(`#${orderNumber}`), 20_000);
  return {
    shown,
    payButton: shown.total + seen.tipCents,
    square: { tax: squareOrder.total_tax_money.amount, orderTotal: squareOrder.total_money.amount, lines: squareOrder.line_items },
    charged: { amount: charge.amount_money.amount, tip: charge.tip_money?.amount ?? 0, total: charge.total_money.amount },
    stored: { tax: stored!.tax_cents, total: stored!.total_cents, tip: stored!.tip_cents },
    page: { tax: Math.round(page.tax * 100), total: Math.round(page.total * 100) },
    mail,
  };
}

describe("one Viking Telle Pancakes ($15.00) for pickup", () => {
  it("shows tax $1.12 and total $16.12, and that is what Square charges, stores, shows and e-mails", async () => {
    const figures = await everyFigure(
      { items: [{ ...VIKING_TELLE, quantity: 1 }], orderType: "pickup" },
      { lines: [{ unitPrice: 1500, quantity: 1 }], deliveryFeeCents: 0, tipCents: 0 },
    );
    expect(figures.shown).toEqual({ subtotal: 1500, tax: 112, deliveryFee: 0, total: 1612 });
    expect(figures.square).toMatchObject({ tax: 112, orderTotal: 1612 });
    expect(figures.charged).toEqual({ amount: 1612, tip: 0, total: 1612 });
    expect(figures.stored).toEqual({ tax: 112, total: 1612, tip: 0 });
    expect(figures.page).toEqual({ tax: 112, total: 1612 });
    for (const part of [figures.mail.text, figures.mail.html]) {
      expect(part).toContain("$1.12");
      expect(part).toContain("$16.12");
      expect(part).not.toContain("$16.13");
    }
  });
});

describe("one Billionaire Brunch Bites ($17.00) for pickup", () => {
  it("shows tax $1.28 and total $18.28, the same at Square, in the record, on the page and in the e-mail", async () => {
    const figures = await everyFigure(
      { items: [{ ...BRUNCH_BITES, quantity: 1 }], orderType: "pickup" },
      { lines: [{ unitPrice: 1700, quantity: 1 }], deliveryFeeCents: 0, tipCents: 0 },
    );
    expect(figures.shown.tax).toBe(128);
    expect(figures.square).toMatchObject({ tax: 128, orderTotal: 1828 });
    expect(figures.charged.total).toBe(1828);
    expect(figures.stored).toEqual({ tax: 128, total: 1828, tip: 0 });
    expect(figures.page).toEqual({ tax: 128, total: 1828 });
    expect(figures.mail.text).toContain("$18.28");
  });
});

describe("a delivery of several dishes, one with options, with a tip", () => {
  it("agrees to the cent everywhere, where rounding half up would have charged a cent more than Square", async () => {
    // Two burgers medium-rare with avocado (20.00 + 2.00 each), the pancakes and a flatbread: 75.00, whose
    // 7.5% is 5.625: $5.62 as Square rounds (half up would show $5.63). Delivery 4.99; an 18% tip of 13.50.
    const burger = { ...CLASSIC_BURGER, quantity: 2, options: [{ groupId: "temperature", optionId: "medium-rare", quantity: 1 }, { groupId: "add-ons", optionId: "avocado", quantity: 1 }] };
    const lines = [
      { unitPrice: 2200, quantity: 2 },
      { unitPrice: 1500, quantity: 1 },
      { unitPrice: 1600, quantity: 1 },
    ];
    const figures = await everyFigure(
      {
        items: [burger, { ...VIKING_TELLE, quantity: 1 }, { ...HOT_MAPLE, quantity: 1 }],
        orderType: "delivery",
        deliveryInfo,
        deliveryFee: 4.99,
        tip: 13.5,
      },
      { lines, deliveryFeeCents: 499, tipCents: 1350 },
    );
    expect(figures.shown).toEqual({ subtotal: 7500, tax: 562, deliveryFee: 499, total: 8561 });
    expect(figures.payButton).toBe(9911);
    expect(figures.square).toMatchObject({ tax: 562, orderTotal: 8561 });
    // Square's order carries the tax line by line; the checkout's spread of it agrees.
    expect(figures.square.lines.map((line: any) => line.total_tax_money.amount)).toEqual(lineTaxes(lines));
    expect(figures.charged).toEqual({ amount: 8561, tip: 1350, total: 9911 });
    expect(figures.stored).toEqual({ tax: 562, total: 8561, tip: 1350 });
    expect(figures.page).toEqual({ tax: 562, total: 9911 });
    for (const part of [figures.mail.text, figures.mail.html]) {
      for (const amount of [7500, 562, 499, 1350, 9911]) expect(part).toContain(formatPrice(amount));
    }
  });
});

describe("a total shown with the old arithmetic", () => {
  it("is refused before anything is charged, with the total Square will charge", async () => {
    const res = await postOrder({ items: [{ ...VIKING_TELLE, quantity: 1 }], orderType: "pickup", customerInfo, paymentToken: "cnon:card-nonce-ok", total: 16.13 });
    expect(res.status).toBe(409);
    expect((await jsonOf(res)).issues).toContainEqual(expect.objectContaining({ path: "total", message: "16.12" }));
    expect(services.square.requestsTo("POST", "/v2/payments")).toHaveLength(0);
  });
});
