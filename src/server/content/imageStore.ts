// The Netlify Blobs store of uploaded image files (every record lives in Netlify Database). A deploy
// preview or branch deploy gets a store named after its context, so unreviewed code at a public URL
// never replaces production's pictures.
import { getStore, type Store } from "@netlify/blobs";
import { deployedDataPrefix, envValue, isDeployed } from "../env";

/**
 * Locally, STORE_NAMESPACE prefixes the name so a test run gets a store of its own in the shared
 * local blobs server and never touches a developer's pictures.
 */
export function imageStore(): Store {
  const namespace = isDeployed() ? deployedDataPrefix() : envValue("STORE_NAMESPACE");
  return getStore({ name: namespace ? `${namespace}-images` : "images", consistency: "strong", fetch: writesThatFailThrow });
}

/**
 * @netlify/blobs 11 answers a conditional write (onlyIfNew) with `{ modified: true }` for any status
 * but 412, so a write the service failed (5xx, 429 after its retries) would pass for a success and a
 * picture could be lost while we believe it stored. Failing writes throw here instead.
 */
const writesThatFailThrow: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if ((init?.method ?? "GET").toUpperCase() === "PUT" && (res.status >= 500 || res.status === 429)) {
    await res.body?.cancel();
    throw new Error(`blob write failed with status ${res.status}`);
  }
  return res;
};
