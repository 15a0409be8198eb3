// What staff may save as the Spanish of a text: visible plain text on one line, at most as long as the
// field allows; blank means "no Spanish yet" (the English shows on the Spanish pages and the text is
// listed as missing in Spanish). Shared by the hours, the pause and the translations endpoints.
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
