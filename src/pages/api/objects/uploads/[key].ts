// PUT /api/objects/uploads/:key?expires&sig: stores the image sent to a signed upload URL.
// An Astro endpoint rather than a netlify/functions file: the local functions emulation reads
// request bodies as text, which corrupts binary uploads; Astro hands over the raw bytes everywhere.
import type { APIRoute } from "astro";
import { assertSameOrigin } from "../../../../server/platform/siteOrigin";
import { handle, json, methodNotAllowed } from "../../../../server/platform/http";
import { storeUpload } from "../../../../server/content";

export const prerender = false;

const putImage = handle(async (req: Request, context: { key: string; requestId?: string }) => {
  // The signature is the credential here; a page of another site still may not use a leaked link.
  assertSameOrigin(req);
  return json(await storeUpload(req, context.key), { status: 201 });
});

export const PUT: APIRoute = ({ request, params }) => putImage(request, { key: params.key ?? "" });

export const ALL: APIRoute = () => methodNotAllowed(["PUT"]);
