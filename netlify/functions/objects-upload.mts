// POST /api/objects/upload: a short-lived signed URL on our own site where the admin PUTs one image.
import type { Config } from "@netlify/functions";
import { requireOwner } from "../../src/server/staff";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { createUploadUrl } from "../../src/server/content";

export default handle(async (req: Request) => {
  await requireOwner(req);
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  return json({ uploadURL: await createUploadUrl() });
});

export const config: Config = { path: "/api/objects/upload" };
