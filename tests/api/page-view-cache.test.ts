// Page views cost no function calls: the pages are files, and the live state they load after paint (the
// menu with its open states, pause and notices, the featured dishes, banners and gallery) is answered
// with a short shared CDN lifetime, served stale while it refreshes and tagged for the purge a staff
// change sends, so 50,000 views in an hour reach a function a few hundred times, not 50,000.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import featured from "../../netlify/functions/featured-items.mts";
import menu from "../../netlify/functions/menu.mts";
import siteImages from "../../netlify/functions/site-images.mts";
import { call } from "../support/functions";

/** What a public page fetches after load, and the function answering it. */
const LIVE = [
  { path: "/api/menu", handler: menu },
  { path: "/api/menu?lang=es", handler: menu },
  { path: "/api/featured-items", handler: featured },
  { path: "/api/featured-items?lang=es", handler: featured },
  { path: "/api/banners", handler: siteImages },
  { path: "/api/gallery", handler: siteImages },
];

/** Paths the browser code asks for (fetch or apiRequest with a literal "/api/..."). */
function fetchedPaths(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return fetchedPaths(path);
    if (!/\.(astro|ts|tsx)$/.test(name) || /\.test\./.test(name)) return [];
    return [...readFileSync(path, "utf8").matchAll(/(?:fetch|apiRequest(?:<[^>]*>)?)\((?:inPageLanguage\()?["'`](\/api\/[a-z-]+)/g)].map((match) => match[1]!);
  });
}

describe("the live state a page loads", () => {
  for (const { path, handler } of LIVE) {
    it(`${path} is kept by the CDN for at most a minute, served stale while it refreshes, under a tag staff changes purge`, async () => {
      const answer = await call(handler, path, { method: "GET" });
      expect(answer.status).toBe(200);
      const cdn = answer.headers.get("netlify-cdn-cache-control") ?? "";
      expect(cdn).toMatch(/\bpublic\b/);
      expect(cdn).toMatch(/\bdurable\b/);
      const lifetime = Number(/s-maxage=(\d+)/.exec(cdn)?.[1]);
      expect(lifetime).toBeGreaterThan(0);
      expect(lifetime).toBeLessThanOrEqual(60);
      expect(Number(/stale-while-revalidate=(\d+)/.exec(cdn)?.[1])).toBeGreaterThan(0);
      expect(answer.headers.get("netlify-cache-tag")).toMatch(/\w/);
    });
  }

  it("is all a public page fetches: the only other calls are the checkout's own (schedule, payment set-up, orders), the feedback page's answer, the diner's session and the console's", () => {
    const cached = new Set(LIVE.map((live) => live.path.split("?")[0]));
    // POST /api/feedback: a diner's one answer to the after-pickup e-mail, never a read a page repeats.
    // /api/account/session: the home page asks whether this browser's diner is signed in (a cookie only the
    // server reads), to greet them with their last orders; the answer is the diner's own, never the CDN's.
    const checkout = new Set(["/api/orders", "/api/schedule", "/api/payment-config", "/api/admin", "/api/objects", "/api/feedback", "/api/account"]);
    const pageCode = [...fetchedPaths("src/components"), ...fetchedPaths("src/lib"), ...fetchedPaths("src/stores"), ...fetchedPaths("src/layouts")];
    expect(pageCode.length).toBeGreaterThan(0);
    expect([...new Set(pageCode)].filter((path) => !cached.has(path) && !checkout.has(path))).toEqual([]);
  });
});
