// The money of an event 6 days out or fewer, as Square keeps it: the card is held now (CreatePayment with
// autocomplete false), taken on the event's morning by the scheduled sweep (CompletePayment), and no hold
// is ever left older than 6 days (Square voids a card-not-present hold after 7). Events further out are
// refused for now, with nothing held.
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import cateringHolds from "../../netlify/functions/catering-holds.mts";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import { testDatabase } from "../support/database";
import { cardToken } from "../support/fakeSquareCards";
import { call, jsonOf } from "../support/functions";
import { orderCatering, setCateringRules } from "../support/catering";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const HOUR = 3_600_000;
/** Monday 9:00 AM in Miami. */
const NOW = new Date("2026-12-07T09:00:00-05:00");
const THURSDAY_NOON = new Date("2026-12-10T12:00:00-05:00");

beforeAll(async () => {
  await setCateringRules(await adminHeaders(), { traysPerDay: 1000 });
});
beforeEach(async () => {
  setRestaurantClock(NOW.toISOString());
  await testDatabase().rows("DELETE FROM catering_orders");
});

async function paymentAtSquare(id: string): Promise<any> {
  const res = await fetch(`${running.square.url}/v2/payments/${id}`, { headers: { authorization: `Bearer ${running.square.accessToken}` } });
  return ((await res.json()) as any).payment;
}
const sweepAt = async (at: Date) => {
  setRestaurantClock(at.toISOString());
  expect((await call(cateringHolds, "/.netlify/functions/catering-holds")).status).toBe(204);
};

describe("an event 6 days out or fewer", () => {
  it("holds the card now and takes it on the event's morning", async () => {
    const res = await orderCatering({ eventAt: THURSDAY_NOON, sourceId: cardToken("4111 1111 1111 1111") });
    expect(res.status).toBe(201);
    const { order } = await jsonOf(res);
    // Two flatbread trays and a fruit tray: $280.00 and 7.5% tax.
    expect(order).toMatchObject({ status: "authorized", totalCents: 30100, captureAt: new Date("2026-12-10T06:00:00-05:00").toISOString() });
    const [sent] = running.square.requestsTo("POST", "/v2/payments");
    expect(sent!.body).toMatchObject({ autocomplete: false, amount_money: { amount: 30100, currency: "USD" } });
    const [{ payment_id: paymentId }] = await testDatabase().rows<{ payment_id: string }>("SELECT payment_id FROM catering_orders");
    expect((await paymentAtSquare(paymentId)).status).toBe("APPROVED");

    await sweepAt(new Date("2026-12-10T05:45:00-05:00"));
    expect((await paymentAtSquare(paymentId)).status).toBe("APPROVED");
    await sweepAt(new Date("2026-12-10T06:00:00-05:00"));
    expect((await paymentAtSquare(paymentId)).status).toBe("COMPLETED");
    expect(running.square.requestsTo("POST", `/v2/payments/${paymentId}/complete`)).toHaveLength(1);
    await sweepAt(new Date("2026-12-10T06:15:00-05:00"));
    expect(running.square.requestsTo("POST", `/v2/payments/${paymentId}/complete`)).toHaveLength(1);
  });

  it("holds no card for an event whose morning is more than 6 days away: it is invoiced instead", async () => {
    // Monday the 14th: its morning is 6 days and 21 hours away; Sunday the 13th at noon is held.
    const far = await jsonOf(await orderCatering({ eventAt: new Date("2026-12-14T12:00:00-05:00"), sourceId: cardToken("4111 1111 1111 1111") }));
    expect(far.order).toMatchObject({ status: "invoiced", captureAt: null });
    expect(running.square.requestsTo("POST", "/v2/payments")).toHaveLength(0);
    const near = await jsonOf(await orderCatering({ eventAt: new Date("2026-12-13T12:00:00-05:00"), sourceId: cardToken("4111 1111 1111 1111") }));
    expect(near.order.status).toBe("authorized");
  });

  it("leaves no hold older than 6 days over a week of bookings and sweeps every 15 minutes", async () => {
    let seed = 59;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const booked: { paymentId: string; heldAt: number; morning: number }[] = [];
    for (let at = NOW.getTime(); at < NOW.getTime() + 8 * 24 * HOUR; at += 15 * 60_000) {
      setRestaurantClock(new Date(at).toISOString());
      if (random() < 0.05) {
        // Somewhere between the notice and 6 days ahead, within the day's event hours or not.
        const eventAt = new Date(Math.floor((at + 24 * HOUR + random() * 5.5 * 24 * HOUR) / (15 * 60_000)) * 15 * 60_000);
        const res = await orderCatering({ eventAt, sourceId: cardToken("4111 1111 1111 1111") });
        const { order } = res.status === 201 ? await jsonOf(res) : { order: null };
        if (order?.status === "authorized") {
          const [row] = await testDatabase().rows<{ payment_id: string }>("SELECT payment_id FROM catering_orders WHERE id = $1", [order.id]);
          booked.push({ paymentId: row!.payment_id, heldAt: at, morning: Date.parse(order.captureAt) });
        }
      }
      await sweepAt(new Date(at));
      for (const hold of booked.filter((each) => each.heldAt <= at - 6 * 24 * HOUR || each.morning <= at)) {
        expect((await paymentAtSquare(hold.paymentId)).status, `held at ${new Date(hold.heldAt).toISOString()}`).toBe("COMPLETED");
      }
    }
    expect(booked.length).toBeGreaterThan(10);
  }, 120_000);
});
