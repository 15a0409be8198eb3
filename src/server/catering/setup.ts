// The catering menu and the owner's rules: filled from content/catering.json the first time catering is
// read (the settings row is the marker, written in the same transaction), then the owner's to change.
import content from "../../../content/catering.json";
import type { CateringRules, CateringTray } from "../../domain/catering";
import { cateringTraySchema, type CateringRulesPatch, type CateringTrayInput } from "../../domain/catering.schema";
import type { Locale } from "../../domain/i18n/locales";
import { recordActivity, type ActivityActor } from "../audit";
import { db, type Queries } from "../platform/database";
import { sql } from "../platform/sql";

export interface CateringSetup {
  enabled: boolean;
  rules: CateringRules;
  trays: CateringTray[];
}

interface SettingsRow {
  enabled: boolean;
  min_people: number;
  min_cents: number;
  notice_hours: number;
  small_notice_hours: number;
  small_max_people: number;
  trays_per_day: number;
  terms: CateringRules["terms"];
}

interface TrayRow {
  id: number;
  slug: string;
  name_en: string;
  name_es: string;
  description_en: string;
  description_es: string;
  serves: number;
  price_cents: number;
  available: boolean;
}

const rulesOf = (row: SettingsRow): CateringRules => ({
  minPeople: row.min_people,
  minCents: row.min_cents,
  noticeHours: row.notice_hours,
  smallNoticeHours: row.small_notice_hours,
  smallMaxPeople: row.small_max_people,
  traysPerDay: row.trays_per_day,
  terms: row.terms,
});

const trayOf = (row: TrayRow): CateringTray => ({
  id: row.id,
  slug: row.slug,
  name: { en: row.name_en, es: row.name_es },
  description: { en: row.description_en, es: row.description_es },
  serves: row.serves,
  priceCents: row.price_cents,
  available: row.available,
});

async function upsertTray(on: Queries, tray: CateringTrayInput, position: number): Promise<void> {
  await on.run(sql`
    INSERT INTO catering_trays (slug, name_en, name_es, description_en, description_es, serves, price_cents, available, position)
    VALUES (${tray.slug}, ${tray.name.en}, ${tray.name.es}, ${tray.description.en}, ${tray.description.es}, ${tray.serves},
            ${tray.priceCents}, ${tray.available ?? true}, ${position})
    ON CONFLICT (slug) DO UPDATE SET name_en = EXCLUDED.name_en, name_es = EXCLUDED.name_es, description_en = EXCLUDED.description_en,
      description_es = EXCLUDED.description_es, serves = EXCLUDED.serves, price_cents = EXCLUDED.price_cents,
      available = EXCLUDED.available, position = EXCLUDED.position`);
}

/** The first fill from content/: once, whoever comes first. */
async function seed(): Promise<void> {
  const rules = content.settings;
  await db.transaction(async (tx) => {
    const first = await tx.one(sql`
      INSERT INTO catering_settings (id, min_people, min_cents, notice_hours, small_notice_hours, small_max_people, trays_per_day, terms)
      VALUES (1, ${rules.minPeople}, ${rules.minCents}, ${rules.noticeHours}, ${rules.smallNoticeHours}, ${rules.smallMaxPeople},
              ${rules.traysPerDay}, ${JSON.stringify(rules.terms)}::jsonb)
      ON CONFLICT (id) DO NOTHING RETURNING id`);
    if (!first) return;
    let position = 0;
    for (const tray of content.trays) await upsertTray(tx, cateringTraySchema.parse(tray), ++position);
  });
}

async function settingsRow(on: Queries): Promise<SettingsRow | null> {
  return on.one<SettingsRow>(sql`SELECT * FROM catering_settings WHERE id = 1`);
}

/** The owner's rules and every tray (available or not), in the menu's order. */
export async function cateringSetup(on: Queries = db): Promise<CateringSetup> {
  let row = await settingsRow(on);
  if (!row) {
    await seed();
    row = (await settingsRow(on))!;
  }
  const trays = await on.all<TrayRow>(sql`SELECT * FROM catering_trays ORDER BY position, id`);
  return { enabled: row.enabled, rules: rulesOf(row), trays: trays.map(trayOf) };
}

/** What a diner reads: the trays on offer in their language, the minimums, the notice and the terms. */
export async function cateringMenu(locale: Locale) {
  const { enabled, rules, trays } = await cateringSetup();
  return {
    enabled,
    rules: { minPeople: rules.minPeople, minCents: rules.minCents, noticeHours: rules.noticeHours, smallNoticeHours: rules.smallNoticeHours, smallMaxPeople: rules.smallMaxPeople },
    terms: rules.terms,
    trays: trays
      .filter((tray) => tray.available)
      .map((tray) => ({ slug: tray.slug, name: tray.name[locale], description: tray.description[locale], serves: tray.serves, priceCents: tray.priceCents })),
  };
}

/**
 * The owner's changes: any of the rules, and (when sent) the trays as the whole list in its order; a tray
 * left out is taken off the menu, never deleted, so the orders that name it keep reading.
 */
export async function changeCatering(change: { enabled?: boolean; rules?: CateringRulesPatch; trays?: CateringTrayInput[] }, actor: ActivityActor): Promise<CateringSetup> {
  const before = await cateringSetup();
  // The change and its row in the activity log are one: a log that cannot be written undoes the change.
  return db.transaction(async (tx) => {
    const rules = { ...before.rules, ...change.rules };
    await tx.run(sql`
      UPDATE catering_settings SET enabled = ${change.enabled ?? before.enabled}, min_people = ${rules.minPeople}, min_cents = ${rules.minCents},
        notice_hours = ${rules.noticeHours}, small_notice_hours = ${rules.smallNoticeHours}, small_max_people = ${rules.smallMaxPeople},
        trays_per_day = ${rules.traysPerDay}, terms = ${JSON.stringify(rules.terms)}::jsonb, updated_at = now()
      WHERE id = 1`);
    if (change.trays) {
      await tx.run(sql`UPDATE catering_trays SET available = false WHERE NOT (slug = ANY(${change.trays.map((tray) => tray.slug)}::text[]))`);
      let position = 0;
      for (const tray of change.trays) await upsertTray(tx, tray, ++position);
    }
    const after = await cateringSetup(tx);
    await recordActivity(actor, { action: "catering.change", target: "catering", before, after }, tx);
    return after;
  });
}
