// The catering menu: trays with what each serves, in both languages, filled from content/catering.json on
// first use and then the owner's to change in the console; staff who are not the owner cannot.
import { beforeAll, describe, expect, it } from "vitest";
import catering from "../../netlify/functions/catering.mts";
import adminCatering from "../../netlify/functions/admin-catering.mts";
import content from "../../content/catering.json";
import { adminHeaders } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf } from "../support/functions";

let owner: Record<string, string>;
beforeAll(async () => {
  owner = await adminHeaders();
});

const menuIn = async (locale: "en" | "es") => jsonOf(await call(catering, "/api/catering", { headers: { "x-site-locale": locale } }));

describe("GET /api/catering", () => {
  it("lists the seeded trays with what each serves, in English and in Spanish", async () => {
    const english = await menuIn("en");
    const spanish = await menuIn("es");
    expect(english.trays.map((tray: any) => tray.slug)).toEqual(content.trays.map((tray) => tray.slug));
    expect(english.trays[0]).toMatchObject({ name: "Buttermilk Pancake Tray", serves: 10, priceCents: 8500 });
    expect(spanish.trays[0]).toMatchObject({ name: "Bandeja de panqueques de suero de leche", serves: 10, priceCents: 8500 });
    expect(spanish.trays[0].description).toContain("panqueques");
    expect(english.rules).toEqual({ minPeople: 10, minCents: 15000, noticeHours: 48, smallNoticeHours: 24, smallMaxPeople: 30 });
    expect(english.terms).toEqual(content.settings.terms);
  });
});

describe("the owner edits the catering menu", () => {
  it("changes a tray's price, what it serves and its Spanish, takes one off, and adds one; the public menu follows", async () => {
    const before = await jsonOf(await call(adminCatering, "/api/admin/catering", { headers: owner }));
    const trays = before.setup.trays.filter((tray: any) => tray.slug !== "slider-tray").map(({ slug, name, description, serves, priceCents }: any) => ({ slug, name, description, serves, priceCents }));
    trays[0] = { ...trays[0], priceCents: 9000, serves: 12, name: { en: "Pancake Tray", es: "Bandeja de panqueques" } };
    trays.push({ slug: "mimosa-kit", name: { en: "Mimosa Kit", es: "Kit de mimosas" }, description: { en: "Juice and glasses.", es: "Jugo y copas." }, serves: 20, priceCents: 5000 });
    const res = await call(adminCatering, "/api/admin/catering", { method: "PUT", body: { trays, rules: { minPeople: 12 } }, headers: owner });
    expect(res.status).toBe(200);

    const spanish = await menuIn("es");
    expect(spanish.trays[0]).toMatchObject({ slug: "pancake-tray", name: "Bandeja de panqueques", serves: 12, priceCents: 9000 });
    expect(spanish.trays.map((tray: any) => tray.slug)).not.toContain("slider-tray");
    expect(spanish.trays.at(-1)).toMatchObject({ name: "Kit de mimosas", serves: 20 });
    expect(spanish.rules.minPeople).toBe(12);
    const [logged] = await testDatabase().rows<{ n: number }>("SELECT count(*)::int AS n FROM staff_activity WHERE action = 'catering.change'");
    expect(logged!.n).toBe(1);
  });

  it("refuses anyone but the owner, and a tray without its Spanish, changing nothing", async () => {
    const before = await menuIn("en");
    const anonymous = await call(adminCatering, "/api/admin/catering", { method: "PUT", body: { rules: { minPeople: 2 } } });
    expect(anonymous.status).toBe(401);
    const bad = await call(adminCatering, "/api/admin/catering", {
      method: "PUT",
      body: { trays: [{ slug: "x-tray", name: { en: "X", es: "" }, description: { en: "", es: "" }, serves: 10, priceCents: 5000 }] },
      headers: owner,
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).error).toEqual(expect.any(String));
    expect(await menuIn("en")).toEqual(before);
  });
});
