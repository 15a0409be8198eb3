// A local Netlify Blobs server for API tests, started once per file in a fresh temporary folder.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";

export interface LocalBlobs {
  stop(): Promise<void>;
}

export async function startLocalBlobs(): Promise<LocalBlobs> {
  const directory = await mkdtemp(join(tmpdir(), "jf-blobs-"));
  const token = "test-token";
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID: "test-site", token, edgeURL: url, uncachedEdgeURL: url });
  return {
    async stop() {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
