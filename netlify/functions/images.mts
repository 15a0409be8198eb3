// GET /api/images/:key: an uploaded image, with its real type, immutable caching and nosniff.
import type { Config, Context } from "@netlify/functions";
import { handle, methodNotAllowed } from "../../src/server/platform/http";
import { imageResponse } from "../../src/server/content";

export default handle(async (req: Request, context: Context) => {
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(["GET"]);
  return imageResponse(context.params.key ?? "");
});

export const config: Config = { path: "/api/images/:key" };
