// POST /api/admin/import-blobs: moves the records of a site that ran on Netlify Blobs into the
// database (src/server/blobsImport.ts). Idempotent; answers { done, finishedAt, counts }: call again
// while done is false.
import type { Config } from "@netlify/functions";
import { requireOwner } from "../../src/server/staff/guard";
import { importFromBlobs } from "../../src/server/blobsImport";
import { handle, json, methodNotAllowed } from "../../src/server/http";

export default handle(async (req: Request) => {
  const actor = await requireOwner(req);
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const result = await importFromBlobs(undefined, actor);
  return json(result);
});

export const config: Config = { path: "/api/admin/import-blobs" };
