// Tests tell the code where it runs the way Netlify tells a function: the deploy context on the
// `Netlify` global. Every test file starts as `dev` (tests/support/local.setup.ts); a test of deployed
// behaviour switches to `production`, `deploy-preview`, `branch-deploy` or no context at all.

/** The parts of Netlify's runtime global our code and @netlify/blobs read. */
const processEnv = {
  get: (key: string) => process.env[key],
  has: (key: string) => process.env[key] !== undefined,
  set: (key: string, value: string) => void (process.env[key] = value),
  delete: (key: string) => void delete process.env[key],
  toObject: () => ({ ...process.env }),
};

/** Sets the deploy context every later invocation sees; undefined removes Netlify's global altogether. */
export function setDeployContext(context: string | undefined): void {
  const global = globalThis as { Netlify?: unknown };
  if (context === undefined) delete global.Netlify;
  else global.Netlify = { context: { deploy: { context } }, env: processEnv };
}

/** Runs `task` in `context`, then restores the local `dev` context. */
export async function inDeployContext<T>(context: string | undefined, task: () => Promise<T>): Promise<T> {
  setDeployContext(context);
  try {
    return await task();
  } finally {
    setDeployContext("dev");
  }
}
