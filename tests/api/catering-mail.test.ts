// The diner's e-mail of a catering booking: in their language, with the day, the trays, how it is paid, the
// terms they accepted and the link to see or cancel the booking; the page's API behind that link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import cateringOrders from "../../netlify/functions/catering-orders.mts";
import { deliverDueMail } from "../../src/server/mail/worker";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { DINER, orderCatering, setCateringRules } from "../support/catering";
import { useSiteMail } from "../support/siteMail";

const siteMail = useSiteMail();
beforeAll(async () => {
  for (const name of ["SQUARE_ACCESS_TOKEN", "SQUARE_LOCATION_ID", "SQUARE_BASE_URL"]) delete process.env[name];
  setRestaurantClock("2026-12-07T09:00:00-05:00");
  await setCateringRules(await adminHeaders(), { traysPerDay: 1000 });
});
afterAll(() => setRestaurantClock(undefined));

describe("the booking's e-mail", () => {
  it("reaches a Spanish-speaking diner in Spanish, with the trays, the terms and the link to the booking", async () => {
    const res = await orderCatering({ eventAt: new Date("2026-12-10T12:00:00-05:00"), headers: { "x-site-locale": "es" }, email: DINER.email });
    expect(res.status).toBe(201);
    const { order } = await jsonOf(res);
    await deliverDueMail();
    const mail = await siteMail.catcher.waitFor((each) => each.to.includes(DINER.email));
    expect(mail.subject).toMatch(/^Tu catering está reservado para el jueves, 10 de diciembre/);
    expect(mail.text).toContain("Para 25 personas:");
    expect(mail.text).toContain("2 × Bandeja de flatbreads para fiestas");
    expect(mail.text).toContain("Cancela 72 horas o más antes del evento: te devolvemos el 100%.");
    expect(mail.text).toContain(`https://jealousfork.example/es/catering/booking?id=${order.id}`);

    // The link's page reads the booking and what cancelling now gives back.
    const shown = await jsonOf(await call(cateringOrders, `/api/catering/orders/${order.id}`, { params: { id: order.id } }));
    expect(shown.order).toMatchObject({ status: "authorized", headcount: 25, refundIfCancelledNow: { percent: 100, cents: 30100 } });
  });

  it("sends the restaurant its copy of the event as a new order, with the headcount and the trays", async () => {
    await testDatabase().rows(
      `INSERT INTO settings (key, value) VALUES ('mail_restaurant_address', '"kitchen@jealousfork.example"'::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    );
    const res = await orderCatering({ eventAt: new Date("2026-12-11T09:30:00-05:00"), headcount: 30 });
    expect(res.status).toBe(201);
    await deliverDueMail();
    const copy = await siteMail.catcher.waitFor((each) => each.to.includes("kitchen@jealousfork.example"));
    expect(copy.subject).toMatch(/^New pickup order #[A-Z0-9]{5}, \$301\.00$/);
    expect(copy.text).toContain("Catering for 30 people");
    expect(copy.text).toContain("Flatbread Party Tray");
  });

  it("answers an unknown or malformed booking with a JSON 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-booking"]) {
      const res = await call(cateringOrders, `/api/catering/orders/${id}`, { params: { id } });
      expect(res.status).toBe(404);
      expect((await jsonOf(res)).error).toBe("We could not find that catering order.");
    }
  });
});
