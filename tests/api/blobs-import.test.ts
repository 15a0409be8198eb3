// A site that ran on Netlify Blobs moves its records into the database with one call from the console:
// orders with their lines and payment state, messages, the menu (flags, pictures, the highest dish id),
// locations and picture slots; a second call changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "@netlify/blobs";
import importHandler from "../../netlify/functions/admin-import.mts";
import { readMenu } from "../../src/server/content/menu";
import { getOrder } from "../../src/server/orders/records";
import { listOrdersForDay } from "../../src/server/orders/staff";
import { adminHeaders } from "../support/admin";
import { startLocalBlobs, type LocalBlobs } from "../support/blobs";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";

let blobs: LocalBlobs;
let headers: Record<string, string>;

const CONFIRMED = {
  orderId: "AbCdEfGhIjKlMnOpQrStUv",
  orderNumber: "K7Q3M",
  idempotencyKey: "2f1e5c4a-1111-4a4a-9a9a-0123456789ab",
  fingerprint: "fp-1",
  status: "ready",
  orderType: "delivery",
  lines: [
    { menuItemId: 7, name: "Billionaire Brunch Bites", description: "Bites", unitPriceCents: 1700, quantity: 2, catalogObjectId: null },
    { menuItemId: 1, name: "Hot Maple Flatbread", description: "Flatbread", unitPriceCents: 1600, quantity: 1, catalogObjectId: "VAR_1" },
  ],
  totals: { subtotal: 5000, tax: 375, deliveryFee: 499, total: 5874 },
  customer: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  delivery: { address: "100 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "(305) 555-0142", notes: "Ring twice" },
  createdAt: "2026-11-21T17:05:00.000Z",
  updatedAt: "2026-11-21T17:30:00.000Z",
  confirmedAt: "2026-11-21T17:05:02.000Z",
  payment: {
    provider: "square", providerOrderId: "SQ_ORDER", providerTaxCents: 375, providerTotalCents: 5874, paymentId: "SQ_PAY",
    amountCents: 5874, receiptUrl: null, attempts: 0, lastError: null,
  },
};
const PENDING = {
  ...CONFIRMED,
  orderId: "ZyXwVuTsRqPoNmLkJiHgFe",
  orderNumber: "P2N8R",
  idempotencyKey: "2f1e5c4a-2222-4a4a-9a9a-0123456789ab",
  status: "pending",
  orderType: "pickup",
  delivery: null,
  totals: { subtotal: 5000, tax: 375, deliveryFee: 0, total: 5375 },
  confirmedAt: null,
  payment: { ...CONFIRMED.payment, paymentId: null, amountCents: null, attempts: 1, lastError: { status: 502, message: "timeout", at: "2026-11-21T17:06:00.000Z" } },
};

beforeAll(async () => {
  blobs = await startLocalBlobs();
  headers = await adminHeaders();
  const orders = getStore("orders");
  await orders.setJSON(`order/${CONFIRMED.orderId}`, CONFIRMED);
  await orders.setJSON(`order/${PENDING.orderId}`, PENDING);
  await orders.setJSON(`key/${CONFIRMED.idempotencyKey}`, { orderId: CONFIRMED.orderId }); // claims and day index: not records
  await orders.setJSON(`day/2026-11-21/1763744700000-${CONFIRMED.orderId}`, {});
  await orders.set("order/broken", "{not json");
  await getStore("messages").setJSON("2026-11-20T10:00:00.000Z-7d3c9a7e-6b1f-4c1e-9d2a-3f5e8a1b2c3d", {
    id: "7d3c9a7e-6b1f-4c1e-9d2a-3f5e8a1b2c3d", firstName: "Luis", lastName: "Gómez", email: "luis@example.com", phone: null,
    message: "Patio for 12?", createdAt: "2026-11-20T10:00:00.000Z", handled: true, handledAt: "2026-11-20T11:00:00.000Z",
  });
  const menu = (await readMenu()).map((item) => (item.id === 35 ? { ...item, inStock: false, image: "/api/images/5b1f0d7e-7c1e-4b8e-9c0d-2a3b4c5d6e7f" } : item));
  await getStore("menu").setJSON("items", { items: menu.filter((item) => item.id !== 73), updatedAt: "2026-11-01T00:00:00.000Z", highestId: 80 });
  await getStore("locations").setJSON("location/main", {
    id: "main", name: "Jealous Fork", slug: "miami", description: "Brunch", address: "14417 SW 42nd St", city: "Miami", state: "FL",
    zipCode: "33175", phone: "(305) 699-1430", isActive: true, isMainLocation: true, imageUrl: null, heroImageUrl: "/images/hero.webp",
    createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-02-01T00:00:00.000Z",
  });
  await getStore("banners").setJSON("slot/hero", { imageUrl: "/api/images/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", updatedAt: "2026-03-01T00:00:00.000Z" });
});
afterAll(() => blobs.stop());

const runImport = async () => call(importHandler, "/api/admin/import-blobs", { method: "POST", headers });

describe("POST /api/admin/import-blobs", () => {
  it("is for staff only", async () => {
    expect((await call(importHandler, "/api/admin/import-blobs", { method: "POST" })).status).toBe(401);
    expect(await testDatabase().count("orders")).toBe(0);
  });

  it("moves orders with their lines and payment state, messages, the menu, locations and slots", async () => {
    const res = await runImport();
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ done: true, counts: { orders: 2, messages: 1, menuItems: 72, locations: 1, slots: 1, skipped: 1 } });

    const confirmed = await getOrder(CONFIRMED.orderId);
    expect(confirmed).toMatchObject({
      orderNumber: "K7Q3M",
      status: "ready",
      totals: CONFIRMED.totals,
      delivery: CONFIRMED.delivery,
      payment: { paymentId: "SQ_PAY", amountCents: 5874, providerOrderId: "SQ_ORDER" },
    });
    expect(confirmed?.lines.map((line) => [line.menuItemId, line.quantity])).toEqual([[7, 2], [1, 1]]);
    // Listed for staff on its Miami day, and the pending one is there for reconciliation.
    expect((await listOrdersForDay("2026-11-21", { includeUnpaid: true })).map((order) => order.orderNumber).sort()).toEqual(["K7Q3M", "P2N8R"]);
    expect((await getOrder(PENDING.orderId))?.payment.lastError).toMatchObject({ status: 502 });

    const menu = await readMenu();
    expect(menu).toHaveLength(72);
    expect(menu.find((item) => item.id === 35)).toMatchObject({ inStock: false, image: "/api/images/5b1f0d7e-7c1e-4b8e-9c0d-2a3b4c5d6e7f" });
    const [highest] = await testDatabase().rows<{ value: number }>("SELECT value FROM settings WHERE key = 'menu-highest-id'");
    expect(highest?.value).toBe(80);
    const [message] = await testDatabase().rows<{ handled: boolean }>("SELECT handled FROM contact_messages");
    expect(message?.handled).toBe(true);
    const [location] = await testDatabase().rows<{ hero_image_url: string }>("SELECT hero_image_url FROM locations WHERE id = 'main'");
    expect(location?.hero_image_url).toBe("/images/hero.webp");
    expect(await testDatabase().count("image_slots", "kind = 'banners' AND slot_id = 'hero'")).toBe(1);
  });

  it("changes nothing when run again, even after staff moved on", async () => {
    const [{ finishedAt }] = [await jsonOf(await runImport())];
    await testDatabase().rows("UPDATE orders SET status = 'completed' WHERE id = $1", [CONFIRMED.orderId]);
    const again = await jsonOf(await runImport());
    expect(again.finishedAt).toBe(finishedAt);
    expect((await getOrder(CONFIRMED.orderId))?.status).toBe("completed");
    expect(await testDatabase().count("orders")).toBe(2);
    expect(await testDatabase().count("order_lines")).toBe(4);
  });
});
