// GET /api/menu in the page's language, asked once for every script of a page that wants it at about the
// same time: the home page's kitchen line and its notices panel each fetched the same 6 KB answer (two
// requests a visit, the CDN's copy both times). An answer older than a minute is asked again, so a line
// refreshed every few minutes still follows a kitchen that closes or a pause that ends. Not the menu store
// (src/stores/menu.ts, loadMenu) the full menu shares: its module comes in a 2.6 KB chunk with the menu's own
// code, which put the home page at 17.3 KB of script before a tap against its 15 KB (budget.e2e.ts).
import type { MenuAnswer } from "../domain/menuReadModel";
import { inPageLanguage } from "./api";

const FRESH_MS = 60_000;
let last: { at: number; answer: Promise<MenuAnswer | null> } | undefined;

/** The menu's answer, or null when the network or the server fails (the caller then leaves its part hidden). */
export function pageMenuAnswer(now = Date.now()): Promise<MenuAnswer | null> {
  if (last && now - last.at < FRESH_MS) return last.answer;
  const answer = fetch(inPageLanguage("/api/menu"), { headers: { accept: "application/json" } })
    .then((res) => (res.ok ? (res.json() as Promise<MenuAnswer>) : null))
    .catch(() => null);
  last = { at: now, answer };
  return answer;
}
