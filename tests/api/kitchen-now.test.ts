// The home page's "open now, until when" comes with GET /api/menu (beside its notices, from the same
// schedule and pause), so it can never say open while staff pause online ordering.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, jsonOf } from "../support/functions";
import { useOrderServices } from "../support/orderServices";
import { adminHeaders } from "../support/admin";
import { setRestaurantClock } from "../support/clock";
import adminHours from "../../netlify/functions/admin-hours.mts";
import menuFunction from "../../netlify/functions/menu.mts";
import type { MenuAnswer } from "../../src/domain/menuReadModel";

useOrderServices();
let admin: Record<string, string>;
beforeAll(async () => {
  admin = await adminHeaders();
  setRestaurantClock("2026-11-21T12:00:00-05:00");
});
afterAll(() => call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: null }, headers: admin }));

const kitchen = async (query = "") => (await jsonOf<MenuAnswer>(await call(menuFunction, `/api/menu${query}`))).kitchen;

describe("whether the kitchen is open now, as GET /api/menu says it", () => {
  it("says Saturday noon's brunch is open until 3PM and the burgers open tonight, in both languages", async () => {
    expect(await kitchen()).toEqual({ state: "open", lines: ["Jealous Fork is open now, until 3PM", "Jealous Burger is closed now · opens today at 5PM"] });
    expect((await kitchen("?lang=es"))?.lines[0]).toBe("Jealous Fork está abierto ahora, hasta las 3:00 p. m.");
  });

  it("never says open while staff pause online ordering, and says open again once they resume", async () => {
    const paused = await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: { minutes: 60, message: "Back soon" } }, headers: admin });
    expect(paused.status).toBe(200);
    const answer = await kitchen();
    expect(answer?.state).toBe("paused");
    // Said once, by every page's banner (the menu answer's notices), not again in the kitchen's lines.
    expect(answer?.lines).toEqual([]);
    expect(JSON.stringify(answer)).not.toMatch(/open now/i);
    await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: null }, headers: admin });
    expect((await kitchen())?.state).toBe("open");
  });
});
