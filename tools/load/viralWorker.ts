// One function instance of the viral hour (tools/load/viral.ts forks several, as Netlify runs several):
// the bundled functions served by the local router on the port the instances share (node:cluster hands
// each connection to one of them), with a database pool of its own, as each Netlify instance has.
import { pathToFileURL } from "node:url";
import { setDeployContext } from "../../tests/support/deployContext.ts";
import { serveLocalNetlify, type FunctionModule } from "../localNetlify.ts";

setDeployContext("dev");
const functions = JSON.parse(process.env.LOAD_FUNCTIONS ?? "[]") as string[];
const bundle = (await import(pathToFileURL(process.env.LOAD_BUNDLE!).href)) as Record<string, FunctionModule>;
await serveLocalNetlify({ functions: functions.map((_, index) => bundle[`f${index}`]!), port: Number(process.env.LOAD_PORT) });
process.send?.("ready");
// Asked to stop, it ends normally, so a CPU profile asked for (LOAD_PROFILE) is written.
process.on("message", (message) => {
  if (message === "stop") process.exit(0);
});
