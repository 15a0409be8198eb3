// The Netlify Blobs stores of the site, one per kind of record, and a safe read-modify-write.
import { getStore, type Store } from "@netlify/blobs";
import { deployedDataPrefix, envValue, isDeployed } from "./env";

export type StoreName =
  | "menu"
  | "featured"
  | "orders"
  | "messages"
  | "images"
  | "banners"
  | "gallery"
  | "locations"
  | "sessions";

/**
 * The store a record kind lives in. A deploy preview or branch deploy gets stores named after its
 * context, so unreviewed code at a public URL never reads or writes production's records and files.
 * Locally, STORE_NAMESPACE prefixes every name so a test run gets stores of its own in the shared
 * local blobs server and never touches a developer's data.
 */
export function store(name: StoreName): Store {
  const namespace = isDeployed() ? deployedDataPrefix() : envValue("STORE_NAMESPACE");
  return getStore({ name: namespace ? `${namespace}-${name}` : name, consistency: "strong", fetch: writesThatFailThrow });
}

/**
 * @netlify/blobs 11 answers a conditional write (onlyIfNew / onlyIfMatch) with `{ modified: true }`
 * for any status but 412, so a write the service failed (5xx, 429 after its retries) would pass for
 * a success and an order could be lost while we believe it stored. Failing writes throw here
 * instead: the client retries a thrown fetch like a 5xx, then the error reaches the caller.
 */
const writesThatFailThrow: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if ((init?.method ?? "GET").toUpperCase() === "PUT" && (res.status >= 500 || res.status === 429)) {
    await res.body?.cancel();
    throw new Error(`blob write failed with status ${res.status}`);
  }
  return res;
};

/** The ETag of one key, from list(): the local blobs server sends none on reads. */
async function etagOf(target: Store, key: string): Promise<string | undefined> {
  const { blobs } = await target.list({ prefix: key });
  return blobs.find((blob) => blob.key === key)?.etag;
}

const keyLocks = new Map<string, Promise<unknown>>();

/**
 * Runs `task` after every earlier task holding the same lock name in this process. The local blobs
 * server checks If-Match / If-None-Match and writes in separate steps, so two writers in one process
 * could both pass a condition there; Netlify's service checks atomically across instances. The lock
 * closes that local gap and saves retries under load; the conditional writes stay the real guard.
 */
export async function withKeyLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const previous = keyLocks.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  keyLocks.set(name, tail);
  try {
    return await run;
  } finally {
    if (keyLocks.get(name) === tail) keyLocks.delete(name);
  }
}

/** Writes `value` under `key` only if the key is new. Returns false when it already existed. */
export async function createJSON(name: StoreName, key: string, value: unknown): Promise<boolean> {
  return withKeyLock(`${name}/${key}`, async () => {
    const result = await store(name).setJSON(key, value, { onlyIfNew: true });
    return result.modified;
  });
}

/**
 * Reads a JSON record, applies `change`, and writes it back only if nobody wrote in between,
 * retrying on a conflict. The ETag is taken before the read, so a stale ETag can only make the
 * write fail and retry, never overwrite a newer record. `change` returns the new value.
 */
export async function updateJSON<T>(
  name: StoreName,
  key: string,
  change: (current: T | null) => T,
  attempts = 25,
): Promise<T> {
  return withKeyLock(`${name}/${key}`, () => conditionalUpdate(store(name), key, change, attempts));
}

async function conditionalUpdate<T>(
  target: Store,
  key: string,
  change: (current: T | null) => T,
  attempts: number,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const etag = await etagOf(target, key);
    const current = etag ? ((await target.get(key, { type: "json" })) as T | null) : null;
    // The local blobs server's list() drops entries when a concurrent write's temporary file vanishes
    // under it (found by `npm run load`): a record that exists must never be taken for a missing one.
    if (!etag && (await target.get(key, { type: "text" })) !== null) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      continue;
    }
    const next = change(current);
    const result = etag
      ? await target.setJSON(key, next, { onlyIfMatch: etag })
      : await target.setJSON(key, next, { onlyIfNew: true });
    if (result.modified) return next;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  throw new Error(`Could not update ${key}: too many concurrent writes`);
}
