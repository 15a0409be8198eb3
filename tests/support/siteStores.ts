// Reads and writes the blob stores of a running dev site (startSite) from the test process, so a
// journey can set up data (an item out of stock) through the same server modules the functions use.
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import { join } from "node:path";
import type { RunningSite } from "./site";

const ROOT = join(import.meta.dirname, "..", "..");

export interface SiteStores {
  stop(): Promise<void>;
}

/**
 * Points this process's @netlify/blobs and STORE_NAMESPACE at `site`'s stores: a second blobs server
 * over the dev server's folder (.netlify/blobs-serve, site id "0" while the project is not linked to
 * a Netlify site), so src/server modules (updateMenuItem, store(...)) then read and write what the
 * dev server's functions see. One site at a time per test file: it sets process-wide state.
 */
export async function openSiteStores(site: RunningSite, options: { siteID?: string } = {}): Promise<SiteStores> {
  const token = `site-stores-${Math.random().toString(36).slice(2)}`;
  const server = new BlobsServer({ directory: join(ROOT, ".netlify", "blobs-serve"), token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: options.siteID ?? "0", token, edgeURL: url, uncachedEdgeURL: url });
  const previousNamespace = process.env.STORE_NAMESPACE;
  process.env.STORE_NAMESPACE = site.namespace;
  return {
    async stop() {
      if (previousNamespace === undefined) delete process.env.STORE_NAMESPACE;
      else process.env.STORE_NAMESPACE = previousNamespace;
      await server.stop();
    },
  };
}
