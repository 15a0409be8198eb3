// Every refusal a customer can meet answers a stable code and its sentence in the request's language:
// English by default, Spanish when the page says so (X-Site-Locale: es) or the browser asks for it
// (Accept-Language: es), and a refused order leaves nothing stored and charges nothing.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { VERIFICATION_REQUIRED_TOKEN } from "../support/fakeSquare";
import { PICKUP_ORDER, postOrder, useOrderServices } from "../support/orderServices";
import contact from "../../netlify/functions/contact.mts";
import images from "../../netlify/functions/images.mts";
import orderHandler from "../../netlify/functions/order.mts";
import ordersHandler from "../../netlify/functions/orders.mts";
import schedule from "../../netlify/functions/schedule.mts";
import { PAYMENT_WORDS } from "../../src/domain/payment";
import { updateMenuItem } from "../../src/server/content/menu";
import { CONTACT_RATE_LIMIT } from "../../src/server/content/contactMessages";
import { setOrdering } from "../../src/server/schedule/store";

const running = useOrderServices();

type Language = Record<string, string>;
const ENGLISH: Language = {};
const SPANISH_PAGE: Language = { "x-site-locale": "es" };
const SPANISH_BROWSER: Language = { "accept-language": "es-US,es;q=0.9,en;q=0.5" };

/** Every order record: orders, their lines and their payment attempts. */
async function storedRecords(): Promise<number> {
  const db = testDatabase();
  return (await db.count("orders")) + (await db.count("order_lines")) + (await db.count("payment_attempts"));
}

function orderIn(language: Language, body: unknown, key: string = randomUUID()) {
  return call(ordersHandler, "/api/orders", { body, headers: { "idempotency-key": key, ...language } });
}

const pickup = (overrides: Record<string, unknown> = {}) => ({ ...PICKUP_ORDER, ...overrides });
const customer = (overrides: Record<string, string>) => pickup({ customerInfo: { ...PICKUP_ORDER.customerInfo, ...overrides } });
const delivery = (zipCode: string) =>
  pickup({ orderType: "delivery", deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode } });

interface Refusal {
  body: unknown;
  status: number;
  code: string;
  english: string;
  spanish: string;
  /** The issue expected among the answer's issues: its path, code and Spanish message. */
  issue?: { path: string; code: string; spanish: string };
  before?: () => Promise<void>;
  after?: () => Promise<void>;
}

/** A body the schema refuses (400, one sentence for all of them), with the issue that names the field. */
const invalidField = (body: unknown, issue: Refusal["issue"]): Refusal => ({
  body,
  status: 400,
  code: "invalid_fields",
  english: "Some fields are missing or invalid.",
  spanish: "Faltan algunos datos o no son válidos.",
  issue,
});

// The restaurant clock is Saturday noon: Jealous Fork and Beverages serve, Jealous Burger does not.
const REFUSALS: Record<string, Refusal> = {
  "an empty cart": invalidField(pickup({ items: [] }), { path: "items", code: "cart_empty", spanish: "el carrito está vacío" }),
  "a missing name": invalidField(customer({ name: "" }), { path: "customerInfo.name", code: "invalid_name", spanish: "Escribe tu nombre." }),
  "a wrong e-mail": invalidField(customer({ email: "ana.example.com" }), { path: "customerInfo.email", code: "invalid_email", spanish: "Escribe un correo electrónico válido." }),
  "a phone without its area code": invalidField(customer({ phone: "699-1430" }), { path: "customerInfo.phone", code: "invalid_phone", spanish: "un número de teléfono con su código de área, como (305) 555-0142" }),
  "a delivery without its address": invalidField(pickup({ orderType: "delivery" }), { path: "deliveryInfo", code: "delivery_address_missing", spanish: "una entrega a domicilio necesita dirección y código postal" }),
  "a ZIP code of the wrong shape": invalidField(delivery("331"), { path: "deliveryInfo.zipCode", code: "invalid_zip_code", spanish: "un código postal de 5 dígitos" }),
  "too many of one dish": invalidField(pickup({ items: [{ id: 7, quantity: 51 }] }), {
    path: "items.0.quantity",
    code: "quantity_too_large",
    spanish: "como máximo 50 unidades de un mismo plato por pedido en línea; llámanos para pedidos más grandes",
  }),
  "a dish that is not on the menu": {
    body: pickup({ items: [{ id: 999_999, name: "Mystery Waffle", quantity: 1 }] }),
    status: 422,
    code: "unknown_dish",
    english: '"Mystery Waffle" is not on our menu. Please update your cart.',
    spanish: '"Mystery Waffle" no está en nuestro menú. Actualiza tu carrito.',
    issue: { path: "items.0", code: "unknown_dish", spanish: '"Mystery Waffle" no está en nuestro menú.' },
  },
  "a sold-out dish": {
    body: pickup({ items: [{ id: 1, quantity: 1 }] }),
    status: 422,
    code: "dish_sold_out",
    english: "Hot Maple Flatbread is out of stock. Please update your cart.",
    spanish: "Hot Maple Flatbread está agotado. Actualiza tu carrito.",
    before: async () => void (await updateMenuItem(1, (item) => ({ ...item, inStock: false }))),
    after: async () => void (await updateMenuItem(1, (item) => ({ ...item, inStock: true }))),
  },
  "a dish whose kitchen is closed, and one more problem": {
    body: pickup({ items: [{ id: 32, quantity: 1 }, { id: 999_998, quantity: 1 }] }),
    status: 422,
    code: "kitchen_closed",
    english: "The Classic is not available right now: Jealous Burger is closed. (and 1 more) Please update your cart.",
    spanish: "The Classic no está disponible en este momento: Jealous Burger está cerrado. (y 1 más) Actualiza tu carrito.",
    issue: { path: "items.1", code: "unknown_dish", spanish: "El plato 999998 no está en nuestro menú." },
  },
  "a sold-out option (The Classic Brunch Burger's foie gras), named as the Spanish menu names it": {
    body: pickup({ items: [{ id: 21, quantity: 1, options: [{ groupId: "temperature", optionId: "rare" }, { groupId: "add-ons", optionId: "foie-gras" }] }] }),
    status: 422,
    code: "option_sold_out",
    english: "The Classic Brunch Burger: Seared foie gras is sold out. Please update your cart.",
    spanish: "The Classic Brunch Burger: se agotó Foie gras sellado. Actualiza tu carrito.",
    issue: { path: "items.0.options.add-ons", code: "option_sold_out", spanish: "The Classic Brunch Burger: se agotó Foie gras sellado." },
  },
  "a burger without its temperature": {
    body: pickup({ items: [{ id: 21, quantity: 1, options: [] }] }),
    status: 422,
    code: "option_limit",
    english: "The Classic Brunch Burger, Temperature: choose exactly one. Please update your cart.",
    spanish: "The Classic Brunch Burger, Término de la carne: elige exactamente una. Actualiza tu carrito.",
  },
  "a paused kitchen, in the staff's words in each language": {
    body: pickup(),
    status: 422,
    code: "kitchen_paused",
    english: "Back at 1 PM.",
    spanish: "Volvemos a la 1:00 p. m.",
    before: () => setOrdering({ pause: { minutes: null, message: "Back at 1 PM.", messageEs: "Volvemos a la 1:00 p. m." } }, new Date()),
    after: () => setOrdering({ pause: null }, new Date()),
  },
  "a paused kitchen whose Spanish message is not written yet (the English, as on the Spanish pages)": {
    body: pickup({ slot: "2026-11-21T14:00:00-05:00" }),
    status: 422,
    code: "kitchen_paused",
    english: "Back at 1 PM.",
    spanish: "Back at 1 PM.",
    before: () => setOrdering({ pause: { minutes: null, message: "Back at 1 PM." } }, new Date()),
    after: () => setOrdering({ pause: null }, new Date()),
  },
  "a time already past": {
    body: pickup({ slot: "2026-11-21T11:00:00-05:00" }),
    status: 422,
    code: "slot_past",
    english: "The chosen time has already passed. Please choose a later time.",
    spanish: "La hora elegida ya pasó. Elige una hora más tarde.",
    issue: { path: "slot", code: "slot_past", spanish: "La hora elegida ya pasó. Elige una hora más tarde." },
  },
  "a time off the quarter hour": {
    body: pickup({ slot: "2026-11-21T13:07:00-05:00" }),
    status: 422,
    code: "slot_not_quarter_hour",
    english: "Please choose a time on the quarter hour (every 15 minutes).",
    spanish: "Elige una hora en punto o en cuartos de hora (cada 15 minutos).",
  },
  "a time too far ahead": {
    body: pickup({ slot: "2026-12-05T12:00:00-05:00" }),
    status: 422,
    code: "slot_too_far",
    english: "Orders can be placed up to 7 days ahead. Please choose an earlier date.",
    spanish: "Puedes ordenar con hasta 7 días de anticipación. Elige una fecha más cercana.",
  },
  "an address outside the delivery area": {
    body: delivery("10001"),
    status: 422,
    code: "outside_delivery_area",
    english: "Sorry, we don't deliver to ZIP code 10001 yet. Choose pickup, or use an address in one of the Miami areas we serve.",
    spanish:
      "Lo sentimos, todavía no hacemos entregas al código postal 10001. Elige recoger en el local, o usa una dirección en una de las zonas de Miami que atendemos.",
    issue: { path: "deliveryInfo.zipCode", code: "outside_delivery_area_field", spanish: "fuera de nuestra zona de entrega" },
  },
  "a tip over the subtotal": {
    body: pickup({ tip: 1000 }),
    status: 422,
    code: "tip_too_large",
    english: "The tip cannot be more than the order's subtotal.",
    spanish: "La propina no puede ser mayor que el subtotal del pedido.",
    issue: { path: "tip", code: "tip_limit", spanish: "como máximo $50.00" },
  },
  "prices changed since the cart was filled": {
    body: pickup({ total: 0.03 }),
    status: 409,
    code: "prices_changed",
    english: "Prices have changed since these dishes went into your cart: the total is now $53.75. Please check your order and pay again.",
    spanish: "Los precios cambiaron desde que agregaste estos platos al carrito: el total ahora es $53.75. Revisa tu pedido y vuelve a pagar.",
    issue: { path: "total", code: "current_price", spanish: "53.75" },
  },
};

describe("POST /api/orders refusals", () => {
  describe.each(Object.entries(REFUSALS))("%s", (_name, refusal) => {
    it.each([
      ["by default", ENGLISH, "english"],
      ["for a Spanish page (X-Site-Locale: es)", SPANISH_PAGE, "spanish"],
      ["for a browser asking for Spanish (Accept-Language: es)", SPANISH_BROWSER, "spanish"],
    ] as const)("answers its code and sentence %s, storing and charging nothing", async (_how, language, words) => {
      await refusal.before?.();
      try {
        const before = await storedRecords();
        const res = await orderIn(language, refusal.body);
        expect(res.status).toBe(refusal.status);
        const body = await jsonOf(res);
        expect(body).toMatchObject({ code: refusal.code, error: refusal[words] });
        if (refusal.issue) {
          const { path, code, spanish } = refusal.issue;
          expect(body.issues).toContainEqual(words === "spanish" ? { path, code, message: spanish } : expect.objectContaining({ path, code }));
        }
        expect(await storedRecords()).toBe(before);
        expect(running.square.requests).toHaveLength(0);
      } finally {
        await refusal.after?.();
      }
    });
  });

  it.each([
    ["a missing Idempotency-Key", {}, JSON.stringify(PICKUP_ORDER), 400, "idempotency_key_invalid", "Envía un encabezado Idempotency-Key por cada intento de pago (de 16 a 45 letras, dígitos, '-' o '_')."],
    ["a body that is not JSON", { "idempotency-key": randomUUID(), "content-type": "text/plain" }, "hello", 415, "json_required", "Envía el cuerpo de la solicitud como JSON, con el encabezado Content-Type: application/json."],
    ["broken JSON", { "idempotency-key": randomUUID(), "content-type": "application/json" }, "{", 400, "invalid_json", "El cuerpo de la solicitud no es un JSON válido."],
  ])("refuses %s with its code, in Spanish for a Spanish page", async (_name, headers, rawBody, status, code, spanish) => {
    const res = await call(ordersHandler, "/api/orders", { method: "POST", rawBody, headers: { ...headers, ...SPANISH_PAGE } });
    expect(res.status).toBe(status);
    expect(await jsonOf(res)).toEqual({ code, error: spanish });
  });

  it("refuses a checkout attempt's key reused with another cart (409), in Spanish, leaving the first order alone", async () => {
    const key = randomUUID();
    expect((await postOrder(PICKUP_ORDER, key)).status).toBe(201);
    const before = await storedRecords();
    const res = await orderIn(SPANISH_PAGE, pickup({ items: [{ id: 1, quantity: 3 }] }), key);
    expect(res.status).toBe(409);
    expect(await jsonOf(res)).toEqual({ code: "key_reused", error: "Este intento de pago ya se usó para otro pedido. Vuelve a cargar la página e inténtalo de nuevo." });
    expect(await storedRecords()).toBe(before);
  });

  it.each([
    ["a declined card", "cnon:card-nonce-declined", "card_declined", "Tu tarjeta fue rechazada. Revisa los datos o usa otra tarjeta."],
    ["a card entry used twice", "cnon:card-nonce-already-used", "card_entry_used", "Estos datos de tarjeta ya se usaron. Vuelve a ingresar tu tarjeta."],
    [
      "a bank check not done",
      VERIFICATION_REQUIRED_TOKEN,
      "verification_failed",
      PAYMENT_WORDS.verificationFailed.es,
    ],
  ])("answers %s with 402, its code and what to do in Spanish; the reason stays with staff", async (_name, paymentToken, code, spanish) => {
    const res = await orderIn(SPANISH_BROWSER, pickup({ paymentToken }));
    expect(res.status).toBe(402);
    const body = await jsonOf(res);
    expect(body).toEqual({ code, error: spanish });
    expect(JSON.stringify(body)).not.toMatch(/DECLINE|CVV|TOKEN|VERIFICATION/);
  });

  it("pauses a client whose cards keep being declined with 429 and Retry-After, in Spanish", async () => {
    const ip = "198.51.100.201";
    for (let i = 0; i < 5; i++) {
      const declined = await call(ordersHandler, "/api/orders", {
        body: pickup({ paymentToken: "cnon:card-nonce-declined", customerInfo: { ...PICKUP_ORDER.customerInfo, email: `card${i}@example.com` } }),
        headers: { "idempotency-key": randomUUID() },
        ip,
      });
      expect(declined.status).toBe(402);
    }
    const before = await storedRecords();
    const res = await call(ordersHandler, "/api/orders", { body: PICKUP_ORDER, headers: { "idempotency-key": randomUUID(), ...SPANISH_PAGE }, ip });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await jsonOf(res)).toEqual({
      code: "too_many_declines",
      error: "Se rechazaron varias tarjetas seguidas, así que el pago en línea queda en pausa para ti por un rato. Llámanos para ordenar.",
    });
    expect(await storedRecords()).toBe(before);
  });
});

describe("the other customer refusals", () => {
  it.each([
    [ENGLISH, "We could not find that order."],
    [SPANISH_BROWSER, "No encontramos ese pedido."],
  ])("GET /api/orders/:id of an unknown order answers 404 order_not_found (%o)", async (language, error) => {
    const id = "A".repeat(22);
    const res = await call(orderHandler, `/api/orders/${id}`, { params: { id }, headers: language });
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({ code: "order_not_found", error });
  });

  it("GET /api/schedule with a query it cannot read answers 400 with coded issues, in Spanish", async () => {
    const res = await call(schedule, "/api/schedule?orderType=boat", { headers: SPANISH_PAGE });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toEqual({
      code: "invalid_fields",
      error: "Faltan algunos datos o no son válidos.",
      issues: [{ path: "orderType", code: "invalid_order_type", message: "recoger en el local o entrega a domicilio" }],
    });
  });

  it("GET /api/images/:key of no image answers 404 image_not_found, in Spanish", async () => {
    const res = await call(images, "/api/images/nothing-here.webp", { params: { key: "nothing-here.webp" }, headers: SPANISH_PAGE });
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({ code: "image_not_found", error: "No hay ninguna imagen aquí." });
  });

  const message = { firstName: "Ana", lastName: "Pérez", email: "ana@example.com", phone: "", message: "¿Tienen opciones sin gluten?" };

  it.each([
    [ENGLISH, "Please fill in all required fields.", "Please fill in all required fields."],
    [SPANISH_PAGE, "Completa todos los campos obligatorios.", "Completa todos los campos obligatorios."],
  ])("POST /contact without a name answers 400 contact_fields_required, each field's problem coded (%o)", async (language, error, fieldMessage) => {
    const before = await testDatabase().count("contact_messages");
    const res = await call(contact, "/contact", { body: { ...message, firstName: "" }, headers: language });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toEqual({ code: "contact_fields_required", error, issues: [{ path: "firstName", code: "field_required", message: fieldMessage }] });
    expect(await testDatabase().count("contact_messages")).toBe(before);
  });

  it("POST /contact past its limit per address answers 429 contact_too_many in Spanish, storing nothing", async () => {
    const ip = "203.0.113.77";
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await call(contact, "/contact", { body: message, ip })).status).toBe(201);
    const before = await testDatabase().count("contact_messages");
    const res = await call(contact, "/contact", { body: message, ip, headers: SPANISH_PAGE });
    expect(res.status).toBe(429);
    expect(await jsonOf(res)).toEqual({
      code: "contact_too_many",
      error: "Has enviado varios mensajes en poco tiempo. Espera unos minutos e inténtalo de nuevo, o llámanos directamente.",
    });
    expect(await testDatabase().count("contact_messages")).toBe(before);
  });

  it("POST /contact with a name over its limit says so in Spanish, with the limit", async () => {
    const res = await call(contact, "/contact", { body: { ...message, lastName: "x".repeat(81) }, headers: SPANISH_BROWSER });
    expect(res.status).toBe(400);
    expect(await jsonOf(res)).toEqual({
      code: "field_too_long",
      error: "Como máximo 80 caracteres.",
      issues: [{ path: "lastName", code: "field_too_long", message: "Como máximo 80 caracteres." }],
    });
  });
});
