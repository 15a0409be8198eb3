// Every admin and write endpoint, table-driven: 401 without a session, 403 for a state-changing
// request from another origin (with a valid session), and success with a session from our own site.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Context } from "@netlify/functions";
import { startFakeSquare, type FakeSquare } from "../support/fakeSquare";
import { call, SITE_ORIGIN } from "../support/functions";
import featuredItem from "../../netlify/functions/featured-item.mts";
import adminMenuItems from "../../netlify/functions/admin-menu-items.mts";
import adminLocations from "../../netlify/functions/admin-locations.mts";
// Banners and gallery are one function, told apart by the path.
import adminImageSlots from "../../netlify/functions/admin-image-slots.mts";
import adminOrders from "../../netlify/functions/admin-orders.mts";
import adminMessages from "../../netlify/functions/admin-messages.mts";
import squareStatus from "../../netlify/functions/square-status.mts";
import testSquare from "../../netlify/functions/test-square.mts";
import squareSync from "../../netlify/functions/square-sync.mts";
import objectsUpload from "../../netlify/functions/objects-upload.mts";
import { orderRequestSchema } from "../../src/domain/orderRequest.schema";
import { placeOrder } from "../../src/server/orders/place";
import { saveMessage } from "../../src/server/messages";
import { catalogueObjects } from "../support/squareCatalogue";
import { adminCookie } from "../support/admin";

type Handler = (req: Request, context: Context) => Promise<Response>;

interface Route {
  handler: Handler;
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  success: number;
}

let square: FakeSquare;
let cookie: string;
let orderId: string;
let messageId: string;

beforeAll(async () => {
  square = await startFakeSquare({ catalog: catalogueObjects(), catalogPageSize: 4 });
  Object.assign(process.env, {
    RESTAURANT_CLOCK: "2026-11-21T12:00:00-05:00",
    SQUARE_ACCESS_TOKEN: square.accessToken,
    SQUARE_LOCATION_ID: square.locationId,
    SQUARE_BASE_URL: square.url,
    SQUARE_MAX_RETRIES: "0",
  });
  cookie = await adminCookie();
  const order = orderRequestSchema.parse({
    items: [{ id: 1, quantity: 1 }],
    orderType: "pickup",
    customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
    paymentToken: "cnon:card-nonce-ok",
  });
  orderId = (await placeOrder(order, randomUUID())).orderId;
  messageId = (
    await saveMessage({ firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "", message: "Do you cater?" })
  ).id;
});
afterAll(async () => {
  for (const name of ["RESTAURANT_CLOCK", "SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL", "SQUARE_MAX_RETRIES"]) {
    delete process.env[name];
  }
  await square.stop();
});

const image = { imageUrl: "/images/menu/flatbread.webp" };
let slugCounter = 0;

function routes(): [string, () => Route][] {
  return [
    ["POST /api/featured-items/:id", () => ({ handler: featuredItem, method: "POST", path: "/api/featured-items/2", params: { id: "2" }, body: {}, success: 200 })],
    ["DELETE /api/featured-items/:id", () => ({ handler: featuredItem, method: "DELETE", path: "/api/featured-items/2", params: { id: "2" }, success: 200 })],
    ["PATCH /api/featured-items/:id/stock", () => ({ handler: featuredItem, method: "PATCH", path: "/api/featured-items/2/stock", params: { id: "2" }, body: { inStock: true }, success: 200 })],
    ["PATCH /api/featured-items/:id/image", () => ({ handler: featuredItem, method: "PATCH", path: "/api/featured-items/2/image", params: { id: "2" }, body: image, success: 200 })],
    ["GET /api/admin/menu-items", () => ({ handler: adminMenuItems, method: "GET", path: "/api/admin/menu-items", success: 200 })],
    ["PATCH /api/admin/menu-items/:id/image", () => ({ handler: adminMenuItems, method: "PATCH", path: "/api/admin/menu-items/3/image", params: { id: "3" }, body: image, success: 200 })],
    ["DELETE /api/admin/menu-items/:id/image", () => ({ handler: adminMenuItems, method: "DELETE", path: "/api/admin/menu-items/3/image", params: { id: "3" }, success: 200 })],
    ["GET /api/admin/locations", () => ({ handler: adminLocations, method: "GET", path: "/api/admin/locations", success: 200 })],
    ["POST /api/admin/locations", () => ({ handler: adminLocations, method: "POST", path: "/api/admin/locations", body: { name: "Brickell", slug: `brickell-${++slugCounter}` }, success: 201 })],
    ["PATCH /api/admin/locations/:id", () => ({ handler: adminLocations, method: "PATCH", path: "/api/admin/locations/main", params: { id: "main" }, body: { phone: "(305) 699-1430" }, success: 200 })],
    ["PATCH /api/admin/locations/:id/image", () => ({ handler: adminLocations, method: "PATCH", path: "/api/admin/locations/main/image", params: { id: "main" }, body: image, success: 200 })],
    ["DELETE /api/admin/locations/:id/image", () => ({ handler: adminLocations, method: "DELETE", path: "/api/admin/locations/main/image", params: { id: "main" }, success: 200 })],
    ["GET /api/admin/banners", () => ({ handler: adminImageSlots, method: "GET", path: "/api/admin/banners", success: 200 })],
    ["PATCH /api/admin/banners/:id", () => ({ handler: adminImageSlots, method: "PATCH", path: "/api/admin/banners/hero", params: { id: "hero" }, body: image, success: 200 })],
    ["GET /api/admin/gallery", () => ({ handler: adminImageSlots, method: "GET", path: "/api/admin/gallery", success: 200 })],
    ["PATCH /api/admin/gallery/:id", () => ({ handler: adminImageSlots, method: "PATCH", path: "/api/admin/gallery/about-1", params: { id: "about-1" }, body: image, success: 200 })],
    ["GET /api/admin/orders", () => ({ handler: adminOrders, method: "GET", path: "/api/admin/orders", success: 200 })],
    ["PATCH /api/admin/orders/:id", () => ({ handler: adminOrders, method: "PATCH", path: `/api/admin/orders/${orderId}`, params: { id: orderId }, body: { status: "cancelled" }, success: 200 })],
    ["GET /api/admin/messages", () => ({ handler: adminMessages, method: "GET", path: "/api/admin/messages", success: 200 })],
    ["PATCH /api/admin/messages/:id", () => ({ handler: adminMessages, method: "PATCH", path: `/api/admin/messages/${messageId}`, params: { id: messageId }, body: { handled: true }, success: 200 })],
    ["GET /api/square-status", () => ({ handler: squareStatus, method: "GET", path: "/api/square-status", success: 200 })],
    ["POST /api/test-square", () => ({ handler: testSquare, method: "POST", path: "/api/test-square", success: 200 })],
    ["POST /api/square/sync", () => ({ handler: squareSync, method: "POST", path: "/api/square/sync", success: 200 })],
    ["POST /api/objects/upload", () => ({ handler: objectsUpload, method: "POST", path: "/api/objects/upload", success: 200 })],
  ];
}

function send(route: Route, headers: Record<string, string>) {
  return call(route.handler, route.path, { method: route.method, body: route.body, params: route.params, headers });
}

describe("every admin route", () => {
  for (const [name, make] of routes()) {
    it(`${name}: 401 without a session`, async () => {
      const res = await send(make(), { origin: SITE_ORIGIN });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: expect.any(String) });
    });

    it(`${name}: 401 with a forged session cookie`, async () => {
      const res = await send(make(), { origin: SITE_ORIGIN, cookie: cookie.replace(/.{4}$/, "AAAA") });
      expect(res.status).toBe(401);
    });

    if (make().method !== "GET") {
      it(`${name}: 403 from another origin, even with a session`, async () => {
        expect((await send(make(), { cookie, origin: "https://evil.example" })).status).toBe(403);
        // Without Origin, a foreign Referer counts the same.
        expect((await send(make(), { cookie, referer: "https://evil.example/page" })).status).toBe(403);
      });
    }

    it(`${name}: succeeds with a session from our own site`, async () => {
      const route = make();
      const res = await send(route, { cookie, origin: SITE_ORIGIN, referer: `${SITE_ORIGIN}/admin` });
      expect(res.status, await res.clone().text()).toBe(route.success);
    });
  }
});
