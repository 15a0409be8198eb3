// The Spanish staff keep current from the console: every English text the console edits that
// visitors read (dish descriptions, option groups and options, banner titles, special dates' notes, the
// pause message) with its Spanish: the staff's (spanish_texts, special_dates.note_es,
// ordering_settings.pause_message_es), else content/es/'s (a fresh checkout's Spanish counts as present),
// else none: "missing in Spanish", and the pages show the English meanwhile.
import spanishMenu from "../../../content/es/menu.json";
import { dishTexts } from "../../domain/dishSpanish";
import type { DishTranslation } from "../../domain/i18n/dishes";
import { DEFAULT_PAUSE_MESSAGE } from "../../domain/scheduleSpanish";
import { SPANISH_LIMITS, type SpanishText, type SpanishTextKind } from "../../domain/spanishText.schema";
import { db, type Queries } from "../platform/database";
import { listSlots } from "./imageSlots";
import { readMenu } from "./menu";
import { readStaffSchedule } from "../schedule";
import { sql } from "../platform/sql";
import { recordActivity, type ActivityActor } from "../audit";
import { InvalidRequest, NotFound } from "../platform/errors";

/** content/es/menu.json: the Spanish of the dishes as the site was written, keyed by dish id. */
export const CONTENT_SPANISH_DISHES = spanishMenu as Record<string, DishTranslation>;

export type { SpanishText };

/** What staff wrote in the console for dishes and banners, by key. */
export async function readStaffSpanish(on: Queries = db): Promise<Map<string, string>> {
  const rows = await on.all<{ key: string; spanish: string }>(sql`SELECT key, spanish FROM spanish_texts`);
  return new Map(rows.map((row) => [row.key, row.spanish]));
}

const PART_LABEL = { description: "description", group: "option group", option: "option" } as const;

/** Every translatable text the console edits, in the console's order: the pause, special dates, banners, dishes. */
export async function listSpanishTexts(on: Queries = db): Promise<SpanishText[]> {
  const [menu, staff, schedule, banners] = await Promise.all([readMenu(), readStaffSpanish(on), readStaffSchedule(on), listSlots("banners")]);
  const texts: SpanishText[] = [];
  if (schedule.pause && schedule.pause.message) {
    const pause = ownText("pause", "pause", "Pause message (while ordering is paused)", schedule.pause.message, schedule.pause.messageEs, SPANISH_LIMITS.pause, false);
    // The default message has its Spanish default.
    const standard = pause.source === "missing" && pause.english === DEFAULT_PAUSE_MESSAGE.en;
    texts.push(standard ? { ...pause, spanish: DEFAULT_PAUSE_MESSAGE.es, source: "content" } : pause);
  }
  for (const special of schedule.specialDates) {
    if (!special.note) continue;
    const when = special.from === special.to ? special.from : `${special.from} to ${special.to}`;
    texts.push(ownText(`special:${special.from}:${special.to}`, "special", `Special date ${when}: note`, special.note, special.noteEs, SPANISH_LIMITS.note, true));
  }
  for (const banner of banners) {
    const key = `banner:${banner.id}`;
    texts.push(ownText(key, "banner", `Banner "${banner.title}": title`, banner.title, staff.get(key) ?? "", SPANISH_LIMITS.banner, true));
  }
  for (const dish of menu) {
    for (const text of dishTexts(dish, staff, CONTENT_SPANISH_DISHES[String(dish.id)])) {
      texts.push({
        key: text.key,
        kind: "dish",
        label: `${dish.name}: ${PART_LABEL[text.part]}${text.part === "option" ? ` of "${text.groupName}"` : ""}`,
        english: text.english,
        spanish: text.spanish ?? "",
        source: text.fromStaff ? "staff" : text.spanish ? "content" : "missing",
        maxLength: text.part === "description" ? SPANISH_LIMITS.description : SPANISH_LIMITS.name,
        ownerOnly: true,
      });
    }
  }
  return texts;
}

function ownText(key: string, kind: SpanishTextKind, label: string, english: string, spanish: string, maxLength: number, ownerOnly: boolean): SpanishText {
  return { key, kind, label, english, spanish, source: spanish ? "staff" : "missing", maxLength, ownerOnly };
}

/** Whether only the owner may write this text's Spanish (everything but the pause message). */
export function spanishIsOwnerOnly(key: string): boolean {
  return key !== "pause";
}

/**
 * Saves (or with '' clears) the Spanish of one text, with its activity row (the Spanish before and after)
 * in the same transaction. 404 for a text the console does not edit; 400 for a Spanish longer than its field.
 */
export async function saveSpanishText(key: string, spanish: string, actor: ActivityActor): Promise<SpanishText> {
  return db.transaction(async (tx) => {
    // Two saves of one text follow one another, each logging the Spanish the other left.
    await tx.run(sql`SELECT pg_advisory_xact_lock(hashtext(${`spanish:${key}`}))`);
    // A note or the pause message waits for an hours or pause save under way (they hold this row), so it
    // never writes the Spanish of a special date that save is replacing.
    if (key === "pause" || key.startsWith("special:")) await tx.run(sql`SELECT id FROM ordering_settings WHERE id FOR UPDATE`);
    const text = (await listSpanishTexts(tx)).find((candidate) => candidate.key === key);
    if (!text) throw new NotFound("There is no such text to translate.");
    if (spanish.length > text.maxLength) {
      throw new InvalidRequest("Some fields are missing or invalid.", [{ path: "spanish", message: `at most ${text.maxLength} characters` }]);
    }
    const before = text.source === "staff" ? text.spanish : "";
    if (text.kind === "pause") {
      await tx.run(sql`UPDATE ordering_settings SET pause_message_es = ${spanish}, updated_at = now() WHERE id`);
    } else if (text.kind === "special") {
      const [, from, to] = key.split(":");
      await tx.run(sql`UPDATE special_dates SET note_es = ${spanish} WHERE starts_on = ${from}::date AND ends_on = ${to}::date`);
    } else if (spanish) {
      await tx.run(sql`
        INSERT INTO spanish_texts (key, spanish, updated_at) VALUES (${key}, ${spanish}, now())
        ON CONFLICT (key) DO UPDATE SET spanish = EXCLUDED.spanish, updated_at = now()`);
    } else {
      await tx.run(sql`DELETE FROM spanish_texts WHERE key = ${key}`);
    }
    await recordActivity(
      actor,
      { action: "content.spanish", target: `${key} ${text.label}`, before: { english: text.english, spanish: before || null }, after: { english: text.english, spanish: spanish || null } },
      tx,
    );
    return (await listSpanishTexts(tx)).find((candidate) => candidate.key === key)!;
  });
}
