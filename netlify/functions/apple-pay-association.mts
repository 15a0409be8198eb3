// GET /.well-known/apple-developer-merchantid-domain-association: Square's domain association file for
// Apple Pay, as staff pasted it in the console: 200 with the file itself (never a redirect), 404 until then.
import type { Config } from "@netlify/functions";
import { NotFound } from "../../src/server/platform/errors";
import { handle, methodNotAllowed } from "../../src/server/platform/http";
import { domainAssociation } from "../../src/server/square";

export default handle(async (req: Request) => {
  if (req.method !== "GET" && req.method !== "HEAD") return methodNotAllowed(["GET"]);
  const content = await domainAssociation();
  if (!content) throw new NotFound("No Apple Pay domain association file has been set.");
  return new Response(req.method === "HEAD" ? null : content, {
    headers: {
      "content-type": "text/plain; charset=utf-8",
      // Square changes the file now and then: short-lived in every cache.
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
});

export const config: Config = { path: "/.well-known/apple-developer-merchantid-domain-association" };
