// What a person's name, e-mail or phone may hold: visible text only. Control characters (a NUL, an
// escape) and bidirectional overrides (which make "gpj.exe" read as "exe.jpg" in the console) are
// refused, and a field made only of invisible characters counts as empty. Zod-free: forms use it too.

/** C0 and C1 controls, and the bidi embeddings, overrides and isolates (plus the LRM/RLM/ALM marks). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** The same, but a message may break lines and use tabs. */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's job
const CONTROL_OR_BIDI_EXCEPT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Characters that show nothing: spaces of every kind, zero-width ones, the soft hyphen, the BOM. */
// eslint-disable-next-line no-misleading-character-class -- each joiner is listed to be matched on its own
const INVISIBLE = /[\s\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u2028-\u202F\u205F-\u2064\u2800\u3164\uFEFF\uFFA0]/g;

/** True when the text holds a control or bidi-override character (a line break counts only in `singleLine`). */
export function hasControlCharacters(text: string, { singleLine = true } = {}): boolean {
  return (singleLine ? CONTROL_OR_BIDI : CONTROL_OR_BIDI_EXCEPT_LINES).test(text);
}

/** True when nothing in the text would show on screen. */
export function isInvisible(text: string): boolean {
  return text.replace(INVISIBLE, "") === "";
}

export const CONTROL_CHARACTERS_MESSAGE = "Please use only letters, digits and punctuation (no control or direction characters).";
