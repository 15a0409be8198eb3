// The functions' own cost without netlify serve's emulator (which loads a function afresh per request):
// each netlify/functions file bundled with esbuild, served through the project's one local router
// (tools/localNetlify.ts) on 127.0.0.1, with a database of its own (PGlite, migrations applied) and a
// local Blobs server. Run by the bench as a child process: node handler-server.ts DIR PORT.
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { startLocalBlobs } from "../../tests/support/blobs.ts";
import { startTestDatabase } from "../../tests/support/database.ts";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { serveLocalNetlify, type FunctionModule } from "../localNetlify.ts";

// A bench of the local stack: the code runs as it does under `astro dev` (src/server/env.ts).
setDeployContext("dev");

const [dir, portText] = process.argv.slice(2);
const folder = join(dir!, "netlify", "functions");
// Inside the scratch copy so that bare imports resolve through its node_modules link.
const outDir = join(dir!, ".bench-functions");
mkdirSync(outDir, { recursive: true });

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

const [database, blobs] = await Promise.all([startTestDatabase(), startLocalBlobs()]);
const served = await serveLocalNetlify({ functions, port: Number(portText) });
process.stdout.write(`ready ${names.join(",")}\n`);

const stop = async () => {
  await served.stop();
  await Promise.all([database.stop(), blobs.stop()]);
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
