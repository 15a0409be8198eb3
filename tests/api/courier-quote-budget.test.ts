// DoorDash's quotes within budgets: each is a call on the restaurant's key, so they are counted per
// network, per IPv6 /48 (whichever of its /64s ask) and site-wide; past a budget the customer reads one
// sentence in their language and DoorDash is not asked.
import { beforeEach, describe, expect, it } from "vitest";
import quotesHandler from "../../netlify/functions/delivery-quotes.mts";
import { networkKey } from "../../src/server/platform/rateLimit";
import { SITE_QUOTES } from "../../src/server/delivery/quoteBudget";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";
import { courierQuoteBody, useFakeDoorDash } from "../support/courierServices";
import { useOrderServices } from "../support/orderServices";

useOrderServices();
const courier = useFakeDoorDash();
beforeEach(async () => {
  await testDatabase().rows("DELETE FROM counters");
});

const quoteFrom = (ip: string, locale = "en") => call(quotesHandler, "/api/delivery/quotes", { body: courierQuoteBody(), ip, headers: { "x-site-locale": locale } });
const quotesAsked = () => courier.doordash.requests.filter((request) => request.method === "POST" && request.path === "/drive/v2/quotes").length;

describe("delivery quotes", () => {
  it("are refused to one IPv6 /48 past its budget, whichever /64s it rotates, while another network is served", { timeout: 120_000 }, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await quoteFrom(`2001:db8:48:${i.toString(16)}::9`)).status);
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(200));
    expect(statuses.slice(120)).toEqual(Array(5).fill(429));
    const asked = quotesAsked();
    const refused = await quoteFrom("2001:db8:48:ff::1", "es");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await jsonOf(refused)).error).toMatch(/cotizaciones de entrega/);
    expect(quotesAsked()).toBe(asked);
    expect((await quoteFrom("2001:db8:49::9")).status).toBe(200);
  });

  it("stop site-wide past the site's budget for the minute, from any network, without asking DoorDash", async () => {
    await testDatabase().rows("INSERT INTO counters (bucket, client, window_start, count) VALUES ($1, $2, now(), $3)", [SITE_QUOTES.bucket, networkKey("site-wide"), SITE_QUOTES.limit]);
    const asked = quotesAsked();
    const refused = await quoteFrom("192.0.2.77");
    expect(refused.status).toBe(429);
    expect((await jsonOf(refused)).error).toBe("Many people are asking for delivery right now. Please try again in a minute, or choose pickup.");
    expect(quotesAsked()).toBe(asked);
  });
});
