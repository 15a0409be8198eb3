// GET /api/banners and GET /api/gallery: the home page's chosen pictures, cached by the CDN.
import type { Config } from "@netlify/functions";
import { handle, json, methodNotAllowed } from "../../src/server/http";
import { PUBLIC_CACHE_HEADERS, publicSlots } from "../../src/server/publicSlots";

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const banners = new URL(req.url).pathname === "/api/banners";
  const body = banners ? { banners: await publicSlots("banners") } : { images: await publicSlots("gallery") };
  return json(body, { headers: PUBLIC_CACHE_HEADERS });
});

export const config: Config = { path: ["/api/banners", "/api/gallery"] };
