// Square's loyalty program decides whether the site shows loyalty at all (GET /api/loyalty), against the
// fake Square's Loyalty (written from Square's documents): no program or one not ACTIVE turns it off, the
// tiers come worded in the request's language, what Square said is kept five minutes, and Square's
// loyalty.program.updated notification, delivered to /api/square/webhooks, makes the next answer fresh.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import loyalty from "../../netlify/functions/loyalty.mts";
import { forgetLoyaltyProgram, loyaltyProgram, PROGRAM_KEPT_MS } from "../../src/server/loyalty/program";
import { loyaltyCheck } from "../../src/server/golive/loyalty";
import { runCheck } from "../../src/server/golive/lines";
import { call, jsonOf } from "../support/functions";
import { useOrderServices } from "../support/orderServices";

const services = useOrderServices();
const VERIFY_KEYS = { TWILIO_ACCOUNT_SID: "AC-test", TWILIO_AUTH_TOKEN: "test-token-0123456789", TWILIO_VERIFY_SERVICE_SID: "VA-test" };
beforeEach(() => {
  forgetLoyaltyProgram();
  Object.assign(process.env, VERIFY_KEYS);
});
afterAll(() => {
  for (const key of Object.keys(VERIFY_KEYS)) delete process.env[key];
});

const ask = async (lang?: string) => jsonOf(await call(loyalty, `/api/loyalty${lang ? `?lang=${lang}` : ""}`));

describe("whether the site offers loyalty", () => {
  it("answers loyalty off when the Square account has no program (Square answers 404)", async () => {
    expect(await ask()).toEqual({ enabled: false });
    expect(services.square.requestsTo("GET", "/v2/loyalty/programs/main")).toHaveLength(1);
  });

  it("answers loyalty off without the phone verification service's keys, even with an active program", async () => {
    services.square.loyalty.seedProgram();
    delete process.env.TWILIO_AUTH_TOKEN;
    expect(await ask()).toEqual({ enabled: false });
  });

  it("answers loyalty off when the program is not ACTIVE", async () => {
    services.square.loyalty.seedProgram({ status: "INACTIVE" });
    expect(await ask()).toEqual({ enabled: false });
  });

  it("lists the reward tiers in English and in Spanish, fewest points first", async () => {
    const program = services.square.loyalty.seedProgram({ tiers: [{ points: 200, name: "10% off entire sale" }, { points: 100, name: "$5 off entire sale" }] });
    const [ten, five] = program.reward_tiers;
    expect(await ask()).toEqual({ enabled: true, tiers: [{ id: five.id, points: 100, name: "$5 off your order" }, { id: ten.id, points: 200, name: "10% off your order" }] });
    expect(await ask("es")).toEqual({
      enabled: true,
      tiers: [{ id: five.id, points: 100, name: "$5 de descuento en tu pedido" }, { id: ten.id, points: 200, name: "10 % de descuento en tu pedido" }],
    });
  });

  it("keeps Square's answer five minutes, then asks again", async () => {
    const start = Date.now();
    await loyaltyProgram(start);
    services.square.loyalty.seedProgram();
    expect((await loyaltyProgram(start + PROGRAM_KEPT_MS - 1)).enabled).toBe(false);
    expect((await loyaltyProgram(start + PROGRAM_KEPT_MS + 1)).enabled).toBe(true);
    expect(services.square.requestsTo("GET", "/v2/loyalty/programs/main")).toHaveLength(2);
  });

  it("turns loyalty off as soon as Square notifies that the program changed", async () => {
    services.square.loyalty.seedProgram();
    expect((await ask()).enabled).toBe(true);
    services.square.loyalty.seedProgram({ status: "INACTIVE" });
    expect(await services.square.deliverWebhooks()).toEqual([200]);
    expect(await ask()).toEqual({ enabled: false });
  });

  it("keeps loyalty off, without an error, while Square answers 429", async () => {
    services.square.loyalty.seedProgram();
    // Every try within the call limit's time meets a 429.
    services.square.fault("GET /v2/loyalty/programs/:id", { status: 429 }, 100);
    const res = await call(loyalty, "/api/loyalty");
    expect(res.status).toBe(200);
    expect(await jsonOf(res)).toEqual({ enabled: false });
  });
});

describe("the go-live line of loyalty", () => {
  it("is amber and optional without a program, and says how to turn it on", async () => {
    const [line] = await runCheck(loyaltyCheck);
    expect(line).toMatchObject({ id: "square-loyalty", status: "amber", required: false });
    expect(line!.todo).toContain("Square Loyalty");
  });

  it("is green when Square answers an active program", async () => {
    services.square.loyalty.seedProgram();
    const [line] = await runCheck(loyaltyCheck);
    expect(line).toMatchObject({ status: "green" });
    expect(line!.detail).toContain("1 reward tier");
  });

  it("is amber with an active program but no Twilio Verify keys, and names them", async () => {
    services.square.loyalty.seedProgram();
    delete process.env.TWILIO_VERIFY_SERVICE_SID;
    const [line] = await runCheck(loyaltyCheck);
    expect(line).toMatchObject({ status: "amber", required: false });
    expect(line!.todo).toContain("TWILIO_VERIFY_SERVICE_SID");
  });
});
