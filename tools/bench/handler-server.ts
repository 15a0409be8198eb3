// The site served the way Netlify serves it, without netlify serve: each netlify/functions file bundled
// with esbuild, and (with a built dist/) the static files and Astro's server-rendered pages, all
// through the project's one local router (tools/localNetlify.ts) on 127.0.0.1, with a database of its
// own (a real PostgreSQL, tools/localPostgres.ts: migrations applied, seeded from content/ on first use) and a local Blobs server.
// Run by the bench as a child process: node handler-server.ts DIR PORT [--site].
// Without --site it serves the functions only (the load test of our handlers); with it, the whole
// build: netlify serve's emulator has no Netlify Database, so the pages and orders are served here.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { startLocalBlobs } from "../../tests/support/blobs.ts";
import { startTestDatabase } from "../../tests/support/database.ts";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { serveLocalNetlify, type FunctionModule } from "../localNetlify.ts";

// A bench of the local stack: the code runs as it does under `astro dev` (src/server/env.ts).
setDeployContext("dev");

const [dir, portText, ...flags] = process.argv.slice(2);
const site = flags.includes("--site");
const folder = join(dir!, "netlify", "functions");
// Inside the scratch copy so that bare imports resolve through its node_modules link.
const outDir = join(dir!, ".bench-functions");
mkdirSync(outDir, { recursive: true });

const [database, blobs] = await Promise.all([startTestDatabase(), startLocalBlobs()]);

const functions: FunctionModule[] = [];
const names: string[] = [];
for (const file of readdirSync(folder).filter((f) => /\.(mts|ts|mjs|js)$/.test(f) && !/\.test\./.test(f))) {
  const name = file.replace(/\.[^.]+$/, "");
  try {
    const outfile = join(outDir, `${name}.mjs`);
    await build({ entryPoints: [join(folder, file)], absWorkingDir: dir, bundle: true, packages: "external", platform: "node", format: "esm", target: "node24", outfile, logLevel: "silent" });
    functions.push(await import(pathToFileURL(outfile).href));
    names.push(name);
  } catch (error) {
    process.stderr.write(`skipping ${name}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}\n`);
  }
}

const ssr = site ? ((await import(pathToFileURL(join(dir!, ".netlify", "v1", "functions", "ssr", "ssr.mjs")).href)) as FunctionModule) : undefined;
const served = await serveLocalNetlify({
  functions,
  port: Number(portText),
  ...(site ? { dist: join(dir!, "dist"), ssr, netlifyToml: readFileSync(join(dir!, "netlify.toml"), "utf8") } : {}),
});
process.stdout.write(`ready ${names.join(",")}${site ? ",pages" : ""}\n`);

const stop = async () => {
  await served.stop();
  await Promise.all([database.stop(), blobs.stop()]);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
