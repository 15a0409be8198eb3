// One cold start, in a process of its own: node cold-start.mjs BUNDLE REQUEST_JSON. Loads a function's
// bundle, asks it one request, prints {status, firstAnswerMs, importMs, body} as one JSON line.
// performance.now() counts from this process's start, so firstAnswerMs includes Node's own start.
// Nothing else is imported here, and this is plain JavaScript (Node would first load its TypeScript
// stripper, some 20 ms): whatever this file costs is counted as the function's.
import { pathToFileURL } from "node:url";

const [file, requestJson] = process.argv.slice(2);
const spec = JSON.parse(requestJson);
// Netlify's runtime global as the local stack has it (src/server/env.ts reads the deploy context there).
const processEnv = {
  get: (key) => process.env[key],
  has: (key) => process.env[key] !== undefined,
  set: (key, value) => void (process.env[key] = value),
  delete: (key) => void delete process.env[key],
  toObject: () => ({ ...process.env }),
};
globalThis.Netlify = { context: { deploy: { context: "dev" } }, env: processEnv };

const before = performance.now();
const mod = await import(pathToFileURL(file).href);
const imported = performance.now();
const context = {
  params: spec.params ?? {},
  ip: "127.0.0.1",
  requestId: "cold-start",
  deploy: { context: "dev", id: "local", published: false },
  waitUntil: () => {},
  cookies: { get: () => undefined, set: () => {}, delete: () => {} },
};
const res = await mod.default(new Request(new URL(spec.path, "http://127.0.0.1:4416"), { method: spec.method, headers: spec.headers, body: spec.body }), context);
const body = await res.text();
const answered = performance.now();
process.stdout.write(`${JSON.stringify({ status: res.status, firstAnswerMs: answered, importMs: imported - before, body: body.slice(0, 200_000) })}\n`);
// The database pool would keep the process alive.
process.exit(0);
