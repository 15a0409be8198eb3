// The latest menu answer from GET /api/menu in the browser, shared by the full menu and the cart
// sheet (to mark lines out of stock), and the Miami "now" that the open badges follow.
import { atom } from "nanostores";
import { apiRequest } from "../lib/api";
import { inPageLanguage } from "../lib/api";
import type { MenuAnswer } from "../domain/menuReadModel";

export type MenuLoad =
  | { status: "idle" | "loading"; answer?: MenuAnswer }
  | { status: "loaded"; answer: MenuAnswer; loadedAt: number }
  | { status: "error"; answer?: MenuAnswer; error: string };

export const $menuLoad = atom<MenuLoad>({ status: "idle" });

/** Answers younger than this are reused: the CDN caches the menu for about as long anyway. */
const FRESH_MS = 30_000;
let inFlight: Promise<void> | undefined;

/** Fetches the menu unless a fresh answer is there; a failure keeps the previous answer, if any. */
export function loadMenu(options: { force?: boolean } = {}): Promise<void> {
  const current = $menuLoad.get();
  if (!options.force && current.status === "loaded" && Date.now() - current.loadedAt < FRESH_MS) return Promise.resolve();
  if (inFlight) return inFlight;
  $menuLoad.set({ status: "loading", answer: current.answer });
  inFlight = apiRequest<MenuAnswer>(inPageLanguage("/api/menu"))
    .then((answer) => {
      if (!answer || !Array.isArray(answer.sections)) throw new Error("The menu answer has no sections");
      $menuLoad.set({ status: "loaded", answer, loadedAt: Date.now() });
    })
    .catch((error: unknown) => {
      console.warn(JSON.stringify({ level: "warn", msg: "menu could not be loaded", error: String(error) }));
      $menuLoad.set({ status: "error", answer: current.answer, error: error instanceof Error ? error.message : String(error) });
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}
