// Staff keep the Spanish current: the owner writes the Spanish of a dish's description and
// options, a banner's title, a special date's note and the pause message; the Spanish menu, schedule and
// banners answer it; a text without Spanish shows its English and is listed as missing in Spanish until
// someone fills it; staff may write only what they may edit in English; bad input changes nothing; each
// save is in the activity log with the Spanish before and after.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCookie } from "../support/admin";
import { testDatabase } from "../support/database";
import { call, jsonOf, SITE_ORIGIN } from "../support/functions";
import adminTranslations from "../../netlify/functions/admin-translations.mts";
import adminHours from "../../netlify/functions/admin-hours.mts";
import adminStaff from "../../netlify/functions/admin-staff.mts";
import adminSetup from "../../netlify/functions/admin-setup.mts";
import menu from "../../netlify/functions/menu.mts";
import schedule from "../../netlify/functions/schedule.mts";
import siteImages from "../../netlify/functions/site-images.mts";

// A Saturday noon in Miami: both kitchens' days, so today's special date is read as today.
const TODAY = "2026-11-21";
let owner: Record<string, string>;
let staff: Record<string, string>;

beforeAll(async () => {
  process.env.RESTAURANT_CLOCK = `${TODAY}T12:00:00-05:00`;
  owner = { cookie: await adminCookie(), origin: SITE_ORIGIN };
  const created = await jsonOf(await call(adminStaff, "/api/admin/staff", { body: { name: "Luis", email: `luis-${randomUUID()}@jealousfork.test`, role: "staff" }, headers: owner }));
  const token = created.setupLink.path.split("#")[1];
  const set = await call(adminSetup, "/api/admin/setup", { body: { token, password: "a long kitchen passphrase for the grill" }, headers: { origin: SITE_ORIGIN } });
  staff = { cookie: (set.headers.get("set-cookie") ?? "").split(";")[0]!, origin: SITE_ORIGIN };
});
afterAll(() => {
  delete process.env.RESTAURANT_CLOCK;
});

interface Text {
  key: string;
  kind: string;
  english: string;
  spanish: string;
  source: "staff" | "content" | "missing";
}

async function texts(headers = owner): Promise<{ texts: Text[]; missing: number }> {
  const res = await call(adminTranslations, "/api/admin/translations", { headers });
  expect(res.status).toBe(200);
  return jsonOf(res);
}

const save = (key: string, spanish: unknown, headers = owner) =>
  call(adminTranslations, "/api/admin/translations", { method: "PUT", body: { key, spanish }, headers });

async function spanishMenuItem(id: number) {
  const answer = await jsonOf(await call(menu, "/api/menu?lang=es"));
  return answer.sections.flatMap((section: { items: { id: number }[] }) => section.items).find((item: { id: number }) => item.id === id);
}

const lastActivity = async () =>
  (await testDatabase().rows<{ action: string; target: string; before: unknown; after: unknown; actor: string }>(
    "SELECT action, target, before, after, actor FROM staff_activity ORDER BY id DESC LIMIT 1",
  ))[0]!;

describe("a fresh checkout", () => {
  it("counts the Spanish of content/es as present: every dish text has its Spanish, only the banner titles lack it", async () => {
    const list = await texts();
    const dishes = list.texts.filter((text) => text.kind === "dish");
    expect(dishes.length).toBeGreaterThan(73);
    expect(dishes.every((text) => text.source === "content" && text.spanish !== "")).toBe(true);
    expect(list.texts.filter((text) => text.source === "missing").map((text) => text.key)).toEqual(["banner:hero", "banner:menu", "banner:reservations"]);
    expect(list.missing).toBe(3);
  });
});

describe("dish texts", () => {
  it("the owner's Spanish description and option names are what GET /api/menu?lang=es answers, over content/es", async () => {
    const before = await spanishMenuItem(3);
    expect(before.description).toMatch(/^Una sartén de chili/);
    expect((await save("dish:3:description", "  Chili ahumado de la casa con cheddar y un huevo frito encima.  ")).status).toBe(200);
    expect((await save("dish:3:group:egg-style", "¿Cómo quieres el huevo?")).status).toBe(200);
    const after = await spanishMenuItem(3);
    expect(after.description).toBe("Chili ahumado de la casa con cheddar y un huevo frito encima.");
    expect(after.optionGroups.find((group: { id: string }) => group.id === "egg-style").name).toBe("¿Cómo quieres el huevo?");
    expect(after.name).toBe(before.name);
    // English stays English.
    const english = (await jsonOf(await call(menu, "/api/menu"))).sections.flatMap((s: { items: unknown[] }) => s.items).find((item: { id: number }) => item.id === 3);
    expect(english.description).not.toMatch(/huevo/);
    expect((await texts()).texts.find((text) => text.key === "dish:3:description")).toMatchObject({ source: "staff" });
  });

  it("the activity log keeps who wrote which Spanish, before and after", async () => {
    await save("dish:3:description", "Chili de la casa, versión dos.");
    expect(await lastActivity()).toMatchObject({
      action: "content.spanish",
      target: expect.stringMatching(/^dish:3:description /),
      before: { english: expect.any(String), spanish: "Chili ahumado de la casa con cheddar y un huevo frito encima." },
      after: { english: expect.any(String), spanish: "Chili de la casa, versión dos." },
    });
  });

  it("a new dish without Spanish shows its English on the Spanish menu and is missing in Spanish until the owner fills it", async () => {
    await testDatabase().rows(
      `INSERT INTO menu_items (id, slug, name, description, price_cents, section, category, featured, in_stock, image, option_groups, dietary, position)
       VALUES (900, 'guava-toast', 'Guava Toast', 'Brioche toast with guava and cream cheese.', 1200, 'jealous-fork', 'pancakes', false, true, NULL,
               '[{"id":"side","name":"Side","min":0,"max":1,"options":[{"id":"fruit","name":"Fresh fruit","price":0}]}]'::jsonb, '[]'::jsonb, 900)`,
    );
    const fallback = await spanishMenuItem(900);
    expect(fallback.description).toBe("Brioche toast with guava and cream cheese.");
    expect(fallback.optionGroups[0].options[0].name).toBe("Fresh fruit");
    const before = await texts();
    const missing = before.texts.filter((text) => text.source === "missing").map((text) => text.key);
    expect(missing).toEqual(expect.arrayContaining(["dish:900:description", "dish:900:group:side", "dish:900:option:side:fruit"]));

    expect((await save("dish:900:description", "Tostada de brioche con guayaba y queso crema.")).status).toBe(200);
    const after = await texts();
    expect(after.missing).toBe(before.missing - 1);
    expect(after.texts.find((text) => text.key === "dish:900:description")).toMatchObject({ source: "staff", spanish: "Tostada de brioche con guayaba y queso crema." });
    expect((await spanishMenuItem(900)).description).toBe("Tostada de brioche con guayaba y queso crema.");

    // Cleared: missing again, and the page falls back to the English, never to an empty text.
    expect((await save("dish:900:description", "   ")).status).toBe(200);
    expect((await texts()).missing).toBe(before.missing);
    expect((await spanishMenuItem(900)).description).toBe("Brioche toast with guava and cream cheese.");
    await testDatabase().rows("DELETE FROM menu_items WHERE id = 900");
  });
});

describe("banners", () => {
  it("a banner's title is English on /api/banners?lang=es until the owner writes its Spanish, then the list shrinks", async () => {
    const english = await jsonOf(await call(siteImages, "/api/banners?lang=es"));
    expect(english.banners.find((banner: { id: string }) => banner.id === "hero").title).toBe("Home hero");
    const before = (await texts()).missing;
    expect((await save("banner:hero", "Portada")).status).toBe(200);
    const spanish = await jsonOf(await call(siteImages, "/api/banners?lang=es"));
    expect(spanish.banners.find((banner: { id: string }) => banner.id === "hero").title).toBe("Portada");
    expect((await jsonOf(await call(siteImages, "/api/banners"))).banners.find((banner: { id: string }) => banner.id === "hero").title).toBe("Home hero");
    const after = await texts();
    expect(after.missing).toBe(before - 1);
    expect(after.texts.filter((text) => text.source === "missing").map((text) => text.key)).not.toContain("banner:hero");
  });
});

describe("the schedule's words", () => {
  const HOURS_PATH = "/api/admin/hours";

  async function saveSpecialDate(special: Record<string, unknown>) {
    const current = await jsonOf(await call(adminHours, HOURS_PATH, { headers: owner }));
    const body = { weekly: current.schedule.weekly, specialDates: [special], leadMinutes: current.schedule.leadMinutes, capacities: current.capacities };
    return call(adminHours, HOURS_PATH, { method: "PUT", body, headers: owner });
  }

  it("a special date's note is Spanish on the Spanish menu and schedule once written, English before", async () => {
    expect((await saveSpecialDate({ from: TODAY, to: TODAY, hours: [], note: "Closed for a private event" })).status).toBe(200);
    const missing = (await texts()).texts.find((text) => text.key === `special:${TODAY}:${TODAY}`);
    expect(missing).toMatchObject({ english: "Closed for a private event", source: "missing" });
    expect((await jsonOf(await call(menu, "/api/menu?lang=es"))).notices).toContain("Closed for a private event: Cerrado hoy.");

    // Written beside the English in the Hours tab's own save.
    expect((await saveSpecialDate({ from: TODAY, to: TODAY, hours: [], note: "Closed for a private event", noteEs: "Cerrado por un evento privado" })).status).toBe(200);
    expect((await jsonOf(await call(menu, "/api/menu?lang=es"))).notices).toContain("Cerrado por un evento privado: Cerrado hoy.");
    expect((await jsonOf(await call(menu, "/api/menu"))).notices).toContain("Closed for a private event: Closed today.");
    const bySite = await jsonOf(await call(schedule, "/api/schedule", { headers: { "x-site-locale": "es" } }));
    expect(bySite.notices).toContain("Cerrado por un evento privado: Cerrado hoy.");
    const byQuery = await jsonOf(await call(schedule, "/api/schedule?lang=es"));
    expect(byQuery.notices).toContain("Cerrado por un evento privado: Cerrado hoy.");
    expect((await texts()).texts.find((text) => text.key === `special:${TODAY}:${TODAY}`)).toMatchObject({ source: "staff" });

    // And from the Spanish tab; the hours' GET gives it back so the next hours save keeps it.
    expect((await save(`special:${TODAY}:${TODAY}`, "Cerrado: evento privado")).status).toBe(200);
    const hours = await jsonOf(await call(adminHours, HOURS_PATH, { headers: owner }));
    expect(hours.schedule.specialDates[0]).toMatchObject({ note: "Closed for a private event", noteEs: "Cerrado: evento privado" });
    await saveSpecialDate({ from: "2026-12-25", to: "2026-12-25", hours: [], note: "" });
  });

  it("staff pause ordering with a Spanish message; without one the Spanish pages show the English they typed", async () => {
    const pause = (body: unknown) => call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: body }, headers: staff });
    expect((await pause({ minutes: 30, message: "Kitchen at capacity, back soon" })).status).toBe(200);
    // The pause's notice says until when in the page's language, then the staff's words.
    expect((await jsonOf(await call(schedule, "/api/schedule?lang=es"))).notices[0]).toMatch(/^Los pedidos se reanudan a .+ Kitchen at capacity, back soon$/);
    expect((await texts(staff)).texts.find((text) => text.key === "pause")).toMatchObject({ source: "missing" });

    // Staff may write the pause message's Spanish (they pause), not a dish's (the owner's).
    expect((await save("pause", "Cocina llena, volvemos pronto", staff)).status).toBe(200);
    expect((await jsonOf(await call(schedule, "/api/schedule?lang=es"))).notices[0]).toMatch(/^Los pedidos se reanudan a .+ Cocina llena, volvemos pronto$/);
    expect((await jsonOf(await call(schedule, "/api/schedule"))).notices[0]).toMatch(/^Ordering resumes at .+\. Kitchen at capacity, back soon$/);
    expect(await lastActivity()).toMatchObject({ action: "content.spanish", target: expect.stringMatching(/^pause /), before: { spanish: null }, after: { spanish: "Cocina llena, volvemos pronto" } });

    expect((await pause({ minutes: 30, message: "Back at 2", messageEs: "Volvemos a las 2" })).status).toBe(200);
    expect((await jsonOf(await call(menu, "/api/menu?lang=es"))).notices[0]).toMatch(/^Los pedidos se reanudan a .+ Volvemos a las 2$/);
    expect(await lastActivity()).toMatchObject({ action: "ordering.pause", after: { pause: { message: "Back at 2", messageEs: "Volvemos a las 2" } } });
    expect((await pause(null)).status).toBe(200);
  });
});

describe("who may and what is refused", () => {
  it("staff may not write the Spanish of what the owner alone edits (403), and nothing is stored", async () => {
    const res = await save("dish:5:description", "Descripción de un empleado.", staff);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Only the owner can do this." });
    expect(await testDatabase().count("spanish_texts", "key = 'dish:5:description'")).toBe(0);
  });

  it("refuses too long a text, control characters, a text that does not exist, and non-text, with a clear error and nothing stored", async () => {
    const activity = await testDatabase().count("staff_activity");
    const cases: [string, unknown, number][] = [
      ["banner:menu", "x".repeat(81), 400],
      ["dish:5:group:nope", "Grupo", 404],
      ["dish:5:description", "x".repeat(1001), 400],
      ["dish:5:description", "Huevos\u0000 fritos", 400],
      ["dish:5:description", "Huevos \u202Efritos", 400],
      ["dish:5:description", 42, 400],
      ["nothing-here", "Hola", 404],
    ];
    for (const [key, spanish, status] of cases) {
      const res = await save(key, spanish);
      expect(res.status, `${key} ${String(spanish).slice(0, 20)}`).toBe(status);
      const body = await res.json();
      expect(body.error).toEqual(expect.any(String));
      if (status === 400 && typeof spanish === "string") expect(body.issues).toEqual([expect.objectContaining({ path: "spanish" })]);
    }
    expect(await testDatabase().count("spanish_texts", "key IN ('banner:menu', 'dish:5:description')")).toBe(0);
    expect(await testDatabase().count("staff_activity")).toBe(activity);
  });

  it("refuses a pause message's or special note's Spanish with control characters, changing nothing", async () => {
    const res = await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: { minutes: 30, message: "Back soon", messageEs: "Vuelvo\u0007" } }, headers: staff });
    expect(res.status).toBe(400);
    expect((await texts()).texts.find((text) => text.key === "pause")).toBeUndefined();
  });
});
