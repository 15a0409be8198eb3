// A production build with the site's database (NETLIFY_DB_URL, CONTEXT=production), after staff changed the
// Thursday hours, a price and the main location: every prerendered page says what they saved (the text,
// the footer, the JSON-LD, the dish pages), and, served as Netlify serves it, every page still answers
// 200 from its file once the database is stopped.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveLocalNetlify, type FunctionModule, type LocalNetlify } from "../../tools/localNetlify";
import { buildScratch, makeScratch, type Scratch } from "../../tools/bench/scratch";
import { closeDatabase } from "../../src/server/platform/database";
import { updateLocation } from "../../src/server/content/locations";
import { updateMenuItem } from "../../src/server/content/menu";
import { saveHours } from "../../src/server/schedule/store";
import { contentData } from "../../src/server/content/publishedData";
import { startTestDatabase, type TestDatabase } from "../support/database";
import { ROOT } from "../support/site";
import { PICKUP_ORDER } from "../support/orderServices";

let database: TestDatabase;
let scratch: Scratch;
let dist: string;

const content = contentData();

beforeAll(async () => {
  database = await startTestDatabase();
  await saveHours({
    weekly: {
      "jealous-fork": content.schedule.weekly["jealous-fork"].map((day, index) => (index === 4 ? [{ opens: 540, closes: 840 }] : [...day])),
      "jealous-burger": content.schedule.weekly["jealous-burger"].map((day) => [...day]),
    },
    specialDates: [],
    leadMinutes: { pickup: 15, delivery: 45 },
    capacities: { "jealous-fork": { pickup: 40, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
  });
  await updateMenuItem(1, (item) => ({ ...item, priceCents: 1750 }));
  await updateLocation("main", { address: "14420 SW 42nd St", phone: "(305) 555-0199" });
  await closeDatabase();
  scratch = makeScratch();
  await buildScratch(scratch.dir, { NETLIFY_DB_URL: database.url, NETLIFY_DB_DRIVER: "server", CONTEXT: "production" });
  dist = join(scratch.dir, "dist");
}, 300_000);
afterAll(async () => {
  await database?.stop().catch(() => undefined);
  scratch?.remove();
});

const page = (path: string) => readFile(join(dist, path), "utf8");

function restaurantOf(html: string): Record<string, any> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));
  return blocks.find((block) => block["@type"] === "Restaurant");
}

describe("a production build with the site's database", () => {
  it("writes every public page as a file", async () => {
    for (const path of ["index.html", "about/index.html", "gallery/index.html", "full-menu/index.html", "privacy/index.html", "terms/index.html", "near/brickell/index.html", "menu/jealous-fork/index.html", "admin/index.html", "sitemap.xml"]) {
      await expect(page(path), path).resolves.toBeTruthy();
    }
  });

  it("prints the hours staff saved: the footer of every page, the FAQ, and the Restaurant JSON-LD", async () => {
    for (const path of ["privacy/index.html", "near/brickell/index.html", "full-menu/index.html"]) {
      expect(await page(path), path).toContain("Thursday, 9AM - 2PM");
    }
    const home = await page("index.html");
    expect(home).toContain("Jealous Fork serves breakfast and brunch Tuesday - Wednesday, 9AM - 3PM; Thursday, 9AM - 2PM");
    expect(restaurantOf(home).openingHoursSpecification).toContainEqual({ "@type": "OpeningHoursSpecification", dayOfWeek: ["Thursday"], opens: "09:00", closes: "14:00" });
  });

  it("prints the price staff saved and the main location's address and phone", async () => {
    expect(await page("menu/hot-maple-flatbread/index.html")).toContain("Hot Maple Flatbread, $17.50");
    const home = await page("index.html");
    expect(home).toContain("14420 SW 42nd St");
    expect(home).toContain('href="tel:+13055550199"');
    expect(restaurantOf(home)).toMatchObject({ telephone: "+13055550199", address: { streetAddress: "14420 SW 42nd St" } });
  });
});

describe("the built site with its database stopped", () => {
  let served: LocalNetlify;
  beforeAll(async () => {
    const functions = Object.values(import.meta.glob("../../netlify/functions/*.mts", { eager: true })) as FunctionModule[];
    const ssr = (await import(pathToFileURL(join(scratch.dir, ".netlify", "v1", "functions", "ssr", "ssr.mjs")).href)) as FunctionModule;
    served = await serveLocalNetlify({ functions, dist, ssr, netlifyToml: await readFile(join(ROOT, "netlify.toml"), "utf8") });
    await database.stop();
  });
  afterAll(() => served?.stop());

  it("answers every prerendered page with 200 from its file", async () => {
    for (const path of ["/", "/about", "/gallery", "/full-menu", "/menu/jealous-fork", "/near/brickell", "/privacy", "/terms", "/sitemap.xml"]) {
      const response = await fetch(`${served.url}${path}`);
      expect(response.status, path).toBe(200);
    }
    expect((await fetch(`${served.url}/no-such-page`)).status).toBe(404);
  });

  it("says ordering is unavailable and gives the phone number", async () => {
    const response = await fetch(`${served.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: served.url, "idempotency-key": "2b1f4c7e-8d1a-4e0b-9a57-1c2d3e4f5a6b" },
      body: JSON.stringify(PICKUP_ORDER),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: "database_unavailable_not_charged",
      error: "Online ordering is unavailable right now. Please call us at (305) 699-1430 to order, or try again in a few minutes. Your card was not charged.",
    });
    const schedule = await fetch(`${served.url}/api/schedule`);
    expect(schedule.status).toBe(503);
    expect((await schedule.json()).error).toContain("(305) 699-1430");
  });
});
