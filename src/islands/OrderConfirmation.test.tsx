import { describe, expect, it } from "vitest";
import { renderToString } from "react-dom/server";
import OrderConfirmation from "./OrderConfirmation";
import { COURIER_REFRESH_MAX_MS, LIVE_REFRESH_MS, nextRefreshDelay } from "./order/orderStatus";
import type { OrderView } from "../domain/orderReadModel";
import site from "../../content/site.json";

const ORDER_ID = "AbCdEfGhIjKlMnOpQrStUv";
/** What the page passes from content/site.json. */
const CONTACT = { phone: site.phone, phoneE164: site.phoneE164, address: "14417 SW 42nd St, Miami, FL 33175" };

const order = (overrides: Partial<OrderView> = {}): OrderView => ({
  orderId: ORDER_ID,
  orderNumber: "K7Q3M",
  status: "confirmed",
  estimatedReadyTime: "Ready for pickup around 11:15 AM",
  createdAt: "2026-11-21T17:00:00.000Z",
  items: [
    { name: "Billionaire Brunch Bites", description: "Bacon, maple.", price: 18, quantity: 2 },
    { name: "Classic Pancakes", description: "Buttermilk.", price: 14, quantity: 1 },
  ],
  subtotal: 50,
  tax: 3.75,
  deliveryFee: 0,
  tip: 0,
  total: 53.75,
  note: "",
  orderType: "pickup",
  deliveryInfo: null,
  customerInfo: { name: "Ana Pérez", email: "ana@example.com", phone: "(305) 555-0142" },
  ...overrides,
});

/** The text of the element carrying `data-testid`, as the journeys read it. */
function byTestId(html: string, testId: string): string | undefined {
  return html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`))?.[1];
}

describe("the confirmation as the server renders it", () => {
  it("shows a promo code's discount line under the subtotal, and the total charged, in both languages", () => {
    const discounted = order({ subtotal: 30, discount: { code: "BRUNCH5", label: "$5 off", amount: 5 }, tax: 1.88, total: 26.88 });
    const english = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={discounted} />);
    expect(english).toContain("Discount (BRUNCH5)");
    expect(english).toContain("\u2212$5.00");
    expect(byTestId(english, "order-total")).toBe("$26.88");
    const spanish = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={discounted} locale="es" />);
    expect(spanish).toContain("Descuento (BRUNCH5)");
    expect(renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order()} />)).not.toContain("Discount");
  });

  it("tells a curbside diner their car is noted, and once they said they are here, that the kitchen knows", () => {
    const waiting = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order({ curbside: { car: "red Civic", arrivedAt: null } })} />);
    expect(waiting).toContain("Curbside pickup");
    expect(waiting).toContain("red Civic");
    const here = renderToString(
      <OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order({ curbside: { car: "red Civic", arrivedAt: "2026-11-21T17:05:00.000Z" } })} />,
    );
    expect(here).toContain("We know you&#x27;re here (since 12:05 PM)");
    expect(renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order()} />)).not.toContain("Curbside");
  });

  it("shows the banner, order number, status badge, ready time, items and totals of the order the page read", () => {
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order()} />);
    expect(html).toMatch(/<h1[^>]*>Thank you! Your order is confirmed.<\/h1>/);
    expect(html).toContain('data-testid="order-number">#<!-- -->K7Q3M');
    expect(byTestId(html, "order-status")).toBe("Confirmed");
    expect(html).toMatch(/data-testid="order-status" data-tone="green"/);
    expect(byTestId(html, "order-promise")).toBe("Ready for pickup around 11:15 AM");
    expect(html).not.toMatch(/Estimated|in Ready/);
    expect(byTestId(html, "order-status-sentence")).toBe("We have your order: the kitchen will start on it soon.");
    expect(html).toContain("Billionaire Brunch Bites");
    expect(html).toContain("$36.00");
    expect(html).toContain("Classic Pancakes");
    expect(html).toContain("$3.75");
    expect(byTestId(html, "order-total")).toBe("$53.75");
    expect(html).toContain("Ana Pérez");
    expect(html).not.toContain("Loading your order...");
  });

  it("shows each status with its own banner and badge", () => {
    const pending = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order({ status: "pending" })} />);
    expect(pending).toContain("Thank you! We are confirming your payment.");
    expect(byTestId(pending, "order-status")).toBe("Pending");
    expect(pending).toMatch(/data-tone="orange"/);
    const ready = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order({ status: "ready" })} />);
    expect(byTestId(ready, "order-status")).toBe("Ready");
    expect(ready).toMatch(/data-tone="blue"/);
  });

  it("shows the delivery address and fee of a delivery order", () => {
    const delivery = order({
      orderType: "delivery",
      estimatedReadyTime: "Arriving around 12:45 PM",
      deliveryFee: 4.99,
      total: 58.74,
      deliveryInfo: { address: "14417 SW 42nd St", city: "Miami", state: "FL", zipCode: "33175", phone: "", notes: "" },
    });
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={delivery} />);
    expect(html).toContain("Delivery Fee");
    expect(html).toContain("$4.99");
    expect(html).toContain("14417 SW 42nd St");
    expect(byTestId(html, "order-total")).toBe("$58.74");
    expect(byTestId(html, "order-promise")).toBe("Arriving around 12:45 PM");
  });

  it("says where the order stands in words, inside one polite live region, and drops the promise once it is ready", () => {
    const sentence = (overrides: Partial<OrderView>) => {
      const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order(overrides)} />);
      expect(html).toMatch(/<div role="status" aria-live="polite" aria-atomic="true">.*data-testid="order-status".*data-testid="order-status-sentence"/s);
      return [byTestId(html, "order-status-sentence"), byTestId(html, "order-promise") ?? null];
    };
    expect(sentence({ status: "preparing" })).toEqual(["The kitchen is preparing your order.", "Ready for pickup around 11:15 AM"]);
    expect(sentence({ status: "ready" })).toEqual(["Your order is ready for pickup.", null]);
    expect(sentence({ status: "ready", orderType: "delivery" })).toEqual(["Your order is on its way.", null]);
    expect(sentence({ status: "completed" })).toEqual(["Your order was picked up. Enjoy!", null]);
    expect(sentence({ status: "cancelled" })).toEqual(["This order was cancelled.", null]);
  });

  it("once picked up, heads the page with it (never \"Your order is confirmed\") and badges it Picked up; a ready order's sentence is not shown twice", () => {
    const html = (overrides: Partial<OrderView>) => renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order(overrides)} />);
    const picked = html({ status: "completed" });
    expect(picked).toMatch(/<h1[^>]*>Picked up\. Enjoy your meal!<\/h1>/);
    expect(picked).not.toContain("Your order is confirmed");
    expect(byTestId(picked, "order-status")).toBe("Picked up");
    expect(byTestId(html({ status: "completed", orderType: "delivery" }), "order-status")).toBe("Delivered");
    const ready = html({ status: "ready" });
    expect(ready).toMatch(/<h1[^>]*>Your order is ready for pickup!<\/h1>/);
    expect(ready).toMatch(/<p data-testid="order-status-sentence" class="sr-only">Your order is ready for pickup\.<\/p>/);
    expect(html({ status: "preparing" })).toMatch(/<p data-testid="order-status-sentence" class="mt-2[^"]*">/);
  });

  it("shows each line's options and note, the tip and the order's note, typed markup shown as text", () => {
    const burgers = order({
      items: [
        {
          name: "The Classic Brunch Burger",
          description: "Cheddar.",
          price: 24.5,
          quantity: 2,
          options: [
            { group: "Temperature", name: "Medium-rare", quantity: 1, price: 0 },
            { group: "Add-ons", name: "Applewood bacon", quantity: 2, price: 2.5 },
          ],
          note: "no onions <script>alert(1)</script>",
        },
      ],
      subtotal: 49,
      tax: 3.68,
      tip: 8.82,
      total: 61.5,
      note: "Ring <b>twice</b>",
    });
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={burgers} />);
    expect(html).toContain("Medium-rare, 2 × Applewood bacon");
    expect(html).toContain("Note: <!-- -->no onions &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).toMatch(/<dt>Tip<\/dt><dd>\$8.82<\/dd>/);
    expect(byTestId(html, "order-total")).toBe("$61.50");
    expect(html).toContain("Ring &lt;b&gt;twice&lt;/b&gt;");
  });

  it("shows no tip row when there is no tip", () => {
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order()} />);
    expect(html).not.toContain("<dt>Tip</dt>");
  });

  it("says the order was not found, and shows no order, when the page found none", () => {
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={null} />);
    expect(html).toContain("We could not find this order.");
    expect(html).not.toContain("order-status");
    expect(html).not.toContain("Loading your order...");
  });

  it("waits for the browser's own load when the page could not read the order", () => {
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} />);
    expect(html).toContain("Loading your order...");
    expect(html).not.toContain("order-status");
  });
});

describe("the confirmation in Spanish", () => {
  const spanish = (overrides: Partial<OrderView> = {}) =>
    renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={order(overrides)} locale="es" />);
  // Ordered Saturday at noon in Miami, promised for 12:15 (as GET /api/orders/{id} gives it).
  const promised = { createdAt: "2026-11-21T17:00:00.000Z", promisedAt: "2026-11-21T17:15:00.000Z", estimatedReadyTime: "Ready for pickup around 12:15 PM" };

  it("shows the banner, status, promise, totals in es-US and the way back to the Spanish menu", () => {
    const html = spanish(promised);
    expect(html).toMatch(/<h1[^>]*>¡Gracias! Tu pedido está confirmado.<\/h1>/);
    expect(html).toContain("Número de pedido");
    expect(byTestId(html, "order-status")).toBe("Confirmado");
    expect(byTestId(html, "order-status-sentence")).toBe("Recibimos tu pedido: la cocina empezará a prepararlo pronto.");
    expect(byTestId(html, "order-promise")).toBe("Listo para recoger hacia las 12:15 p. m.");
    expect(byTestId(html, "order-total")).toBe("$53.75");
    expect(html).toMatch(/<dt>Impuesto \(7.5%\)<\/dt><dd>\$3.75<\/dd>/);
    expect(html).toContain("$18.00 c/u");
    expect(html).toContain("¿Preguntas sobre tu pedido? Llámanos al");
    expect(html).toMatch(/href="\/es\/menu"[^>]*>Pedir de nuevo</);
    expect(html).toMatch(/href="\/es"[^>]*>Volver al inicio</);
    expect(html).not.toMatch(/Thank you|Order number|Your Items|Delivery Fee|Status:|Questions/);
  });

  it("says where the order stands at each step, in one polite live region", () => {
    const said = (overrides: Partial<OrderView>) => {
      const html = spanish({ ...promised, ...overrides });
      expect(html).toMatch(/<div role="status" aria-live="polite" aria-atomic="true">.*data-testid="order-status".*data-testid="order-status-sentence"/s);
      return [byTestId(html, "order-status"), byTestId(html, "order-status-sentence"), byTestId(html, "order-promise") ?? null];
    };
    expect(said({ status: "pending" })).toEqual(["Pendiente", "Estamos confirmando tu pago.", "Listo para recoger hacia las 12:15 p. m."]);
    expect(said({ status: "preparing" })).toEqual(["En preparación", "La cocina está preparando tu pedido.", "Listo para recoger hacia las 12:15 p. m."]);
    expect(said({ status: "ready" })).toEqual(["Listo", "Tu pedido está listo para recoger.", null]);
    expect(said({ status: "ready", orderType: "delivery" })).toEqual(["En camino", "Tu pedido va en camino.", null]);
    expect(said({ status: "completed" })).toEqual(["Recogido", "Ya recogiste tu pedido. ¡Buen provecho!", null]);
    expect(said({ status: "cancelled" })).toEqual(["Cancelado", "Este pedido fue cancelado.", null]);
  });

  it("promises a delivery on another day with its date, and an order made before promised times in minutes", () => {
    const later = spanish({ orderType: "delivery", createdAt: "2026-11-21T17:00:00.000Z", promisedAt: "2026-11-24T14:30:00.000Z" });
    expect(byTestId(later, "order-promise")).toMatch(/^Llega el martes, 24 de nov\.? a las 9:30 a\. m\.$/);
    expect(byTestId(spanish({ promisedAt: null }), "order-promise")).toBe("Listo para recoger en 15-20 minutos");
  });

  it("says in Spanish that the order was not found", () => {
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} contact={CONTACT} initialOrder={null} locale="es" />);
    expect(html).toContain("No encontramos este pedido. ¿Preguntas? Llámanos al");
  });
});

describe("how often an open order page asks for its order", () => {
  it("asks again within seconds, a little later each time nothing changed, and soon again after a change", () => {
    const working = { status: "preparing" as const };
    expect(nextRefreshDelay(working, null, false)).toBe(3_000);
    expect(nextRefreshDelay(working, 3_000, false)).toBe(4_500);
    expect(nextRefreshDelay(working, 4_500, false)).toBe(6_750);
    expect(nextRefreshDelay(working, 18_000, false)).toBe(LIVE_REFRESH_MS.max);
    expect(nextRefreshDelay(working, LIVE_REFRESH_MS.max, false)).toBe(20_000);
    expect(nextRefreshDelay({ status: "ready" }, 20_000, true)).toBe(3_000);
  });

  it("stops once the order is finished and refunded in full, and asks rarely for a finished one that may still be refunded", () => {
    expect(nextRefreshDelay({ status: "completed", paymentStatus: "paid" }, 3_000, true)).toBe(60_000);
    expect(nextRefreshDelay({ status: "cancelled", paymentStatus: "refunded" }, 60_000, true)).toBeNull();
  });

  it("follows a courier on its way at least every 8 s, so DoorDash's news shows within 10 s, even once staff finished the order", () => {
    const courier = { provider: "doordash" as const, step: "driver_assigned" as const, trackingUrl: null, driverName: "Marisol", pickupAt: "2026-11-21T17:30:00.000Z", dropoffEta: null };
    expect(nextRefreshDelay({ status: "ready", courier }, 20_000, false)).toBe(COURIER_REFRESH_MAX_MS);
    expect(nextRefreshDelay({ status: "completed", paymentStatus: "paid", courier }, 8_000, false)).toBe(COURIER_REFRESH_MAX_MS);
    expect(nextRefreshDelay({ status: "completed", paymentStatus: "paid", courier: { ...courier, step: "delivered" } }, 3_000, false)).toBe(60_000);
  });

  it("shows the courier's step, the driver and the tracking link", () => {
    const courier = { provider: "doordash" as const, step: "on_the_way" as const, trackingUrl: "https://track.doordash.com/share/abc/track", driverName: "Marisol", pickupAt: "2026-11-21T17:30:00.000Z", dropoffEta: null };
    const html = renderToString(<OrderConfirmation orderId={ORDER_ID} initialOrder={order({ orderType: "delivery", courier })} contact={CONTACT} />);
    expect(html).toContain("Driver on the way");
    expect(html).toContain("Marisol");
    expect(html).toContain('href="https://track.doordash.com/share/abc/track"');
  });
});
