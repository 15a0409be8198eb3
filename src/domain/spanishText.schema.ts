// What staff may save as the Spanish of a text: visible plain text on one line, at most as long as the
// field allows; blank means "no Spanish yet" (the English shows on the Spanish pages and the text is
// listed as missing in Spanish). Shared by the hours, the pause and the translations endpoints; and the
// shape of one text as GET /api/admin/translations lists it, for the console.
import * as z from "./zod";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, isInvisible } from "./plainText";

/** Longest Spanish of each kind of text, as long as its English may be. */
export const SPANISH_LIMITS = { description: 1000, name: 120, banner: 80, note: 140, pause: 200 } as const;

export const spanishTextSchema = (max: number) =>
  z
    .string()
    .max(max * 2, `at most ${max} characters`)
    .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
    .transform((text) => (isInvisible(text) ? "" : text.trim()))
    .refine((text) => text.length <= max, `at most ${max} characters`);

export type SpanishTextKind = "dish" | "banner" | "special" | "pause";

/** One English text and its Spanish, as the console's Spanish tab lists it. */
export interface SpanishText {
  /** 'dish:7:description', 'dish:7:group:temperature', 'dish:7:option:temperature:medium-rare', 'banner:hero', 'special:2026-11-26:2026-11-26', 'pause'. */
  key: string;
  kind: SpanishTextKind;
  /** Where the text is, in the console's words: "Chili Skillet: description". */
  label: string;
  english: string;
  /** '' when missing in Spanish. */
  spanish: string;
  /** Who wrote the Spanish: staff in the console, content/es/ (the site as written, or the default pause message's), or nobody yet. */
  source: "staff" | "content" | "missing";
  maxLength: number;
  /** Owner-only, as the English it translates (the pause message is any staff member's). */
  ownerOnly: boolean;
}
