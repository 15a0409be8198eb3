// The HTML pages of a build, for the steps that read or rewrite them after it (src/integrations/*).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Every built page: its file and its HTML. */
export async function* builtPages(dir: string): AsyncGenerator<{ file: string; html: string }> {
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    yield { file, html: await readFile(file, "utf8") };
  }
}

/** Writes back each page `rewrite` changes (null or the same HTML: left as it is); answers how many. */
export async function rewriteBuiltPages(dir: string, rewrite: (html: string) => string | null): Promise<number> {
  let pages = 0;
  for await (const { file, html } of builtPages(dir)) {
    const out = rewrite(html);
    if (out === null || out === html) continue;
    await writeFile(file, out);
    pages++;
  }
  return pages;
}
