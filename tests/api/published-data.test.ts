// What a build publishes (src/server/content/publishedData.ts, read by src/content.config.ts): the staff's
// hours, menu and main location from the site's database, content/ only where no deployed data exists, and
// a failed build, never content/'s defaults, when a production build cannot read the database or finds
// a record it cannot publish.
import { describe, expect, it } from "vitest";
import { testDatabase } from "../support/database";
import { contentData, readPublishedData } from "../../src/server/content/publishedData";
import { setInStock } from "../../src/server/content/adminMenu";
import { updateLocation } from "../../src/server/content/locations";
import { updateMenuItem } from "../../src/server/content/menu";
import { saveHours } from "../../src/server/schedule/store";
import { MAIN_LOCATION_ID } from "../../src/server/platform/seed";

const FLATBREAD = 1;
const buildOf = (env: Record<string, string> = {}) => readPublishedData({ NETLIFY_DB_URL: testDatabase().url, NETLIFY_DB_DRIVER: "server", ...env });

describe("a build with the site's database", () => {
  it("publishes the hours, prices, stock, main location and Spanish staff saved", async () => {
    const content = contentData();
    const thursday = [{ opens: 9 * 60, closes: 14 * 60 }];
    const fork = content.schedule.weekly["jealous-fork"].map((day, index) => (index === 4 ? thursday : [...day]));
    await saveHours({
      weekly: { "jealous-fork": fork, "jealous-burger": content.schedule.weekly["jealous-burger"].map((day) => [...day]) },
      specialDates: [{ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving", noteEs: "Cerrado por Acción de Gracias" }],
      leadMinutes: { pickup: 15, delivery: 45 },
      capacities: { "jealous-fork": { pickup: 40, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
    });
    await updateMenuItem(FLATBREAD, (item) => ({ ...item, priceCents: 1750 }));
    await setInStock(FLATBREAD, false);
    await updateLocation(MAIN_LOCATION_ID, { phone: "(305) 555-0199" });
    await testDatabase().rows(`INSERT INTO spanish_texts (key, spanish) VALUES ('dish:1:description', 'Flatbread de maple picante.')`);

    const published = await buildOf({ CONTEXT: "production" });

    expect(published.source).toBe("database");
    expect(published.schedule.weekly["jealous-fork"][4]).toEqual(thursday);
    expect(published.schedule.specialDates).toEqual([{ from: "2026-11-26", to: "2026-11-26", hours: [], note: "Closed for Thanksgiving", noteEs: "Cerrado por Acción de Gracias" }]);
    expect(published.menu.find((item) => item.id === FLATBREAD)).toMatchObject({ name: "Hot Maple Flatbread", priceCents: 1750, inStock: false, spanish: { "dish:1:description": "Flatbread de maple picante." } });
    expect(published.menu.find((item) => item.id === 2)?.spanish).toBeUndefined();
    expect(published.menu).toHaveLength(content.menu.length);
    expect(published.mainLocation).toMatchObject({ phone: "(305) 555-0199" });
  });

  it("fails with a message naming the record and the field when a stored dish cannot be published", async () => {
    await testDatabase().rows(`UPDATE menu_items SET dietary = '["gluten-freee"]'::jsonb WHERE id = $1`, [FLATBREAD]);
    try {
      await expect(buildOf()).rejects.toThrow(/Menu item 1 \(Hot Maple Flatbread\) cannot be published: dietary\.0: /);
    } finally {
      await testDatabase().rows(`UPDATE menu_items SET dietary = '[]'::jsonb WHERE id = $1`, [FLATBREAD]);
    }
  });

  it("fails, rather than publish content/, when the database cannot be reached", async () => {
    const unreachable = "postgres://postgres@127.0.0.1:9/postgres";
    await expect(readPublishedData({ NETLIFY_DB_URL: unreachable, NETLIFY_DB_DRIVER: "server" })).rejects.toThrow(
      /could not be read at build .*the last deploy stays live/,
    );
  });
});

describe("a build without a database", () => {
  it("publishes content/ outside production (a fresh checkout, tests, a preview)", async () => {
    const published = await readPublishedData({ CONTEXT: "deploy-preview" });
    expect(published).toEqual(contentData());
    expect(published.source).toBe("content");
  });

  it("fails in production instead of publishing content/'s defaults over the staff's edits", async () => {
    await expect(readPublishedData({ CONTEXT: "production" })).rejects.toThrow(/production build cannot read the site's database \(NETLIFY_DB_URL is not set\)/);
  });
});
