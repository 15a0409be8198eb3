// After a build (and after the critical CSS is inlined): every prerendered page leaves its module scripts
// and its end-of-body stylesheet for after its first paint (src/layouts/afterPaint.ts).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { deferToFirstPaint } from "../layouts/afterPaint";

/** Rewrites every built page that has something to leave for after its paint; answers how many. */
export async function deferBuiltPages(dist: string): Promise<number> {
  let pages = 0;
  for (const entry of await readdir(dist, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = await readFile(file, "utf8");
    const deferred = deferToFirstPaint(html);
    if (deferred === html) continue;
    await writeFile(file, deferred);
    pages++;
  }
  return pages;
}

export default function afterPaint(): AstroIntegration {
  return {
    name: "jealous-fork:after-paint",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        logger.info(`Left the scripts of ${await deferBuiltPages(fileURLToPath(dir))} prerendered pages for after their first paint`);
      },
    },
  };
}
