// GET /api/admin/apple-pay: whether the domain association file is set and the domains registered with
// Square; PUT /api/admin/apple-pay { domainAssociation } stores the file Square gives; POST
// /api/admin/apple-pay/domains { domainName } registers a hostname of the site with Square for Apple Pay.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { requireStaff } from "../../src/server/staff";
import { NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { ASSOCIATION_MAX_LENGTH, domainAssociation, registerApplePayDomain, registeredDomains, setDomainAssociation } from "../../src/server/square";

const associationSchema = z.object({
  domainAssociation: z.string().trim().min(32, "paste the whole file Square gives").max(ASSOCIATION_MAX_LENGTH),
});
const domainSchema = z.object({ domainName: z.string().trim().min(1).max(253) });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req, "owner");
  if (context.params.action === "domains") {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    const { domainName } = await readJson(req, domainSchema);
    return json({ domain: await registerApplePayDomain(domainName, new Date(), actor) }, { status: 201 });
  }
  if (context.params.action) throw new NotFound("There is no such Apple Pay resource.");
  if (req.method === "PUT") {
    const { domainAssociation: content } = await readJson(req, associationSchema, ASSOCIATION_MAX_LENGTH + 1024);
    await setDomainAssociation(content, actor);
    return json({ associationSet: true, domains: await registeredDomains() });
  }
  if (req.method !== "GET") return methodNotAllowed(["GET", "PUT"]);
  return json({ associationSet: (await domainAssociation()) !== null, domains: await registeredDomains() });
});

export const config: Config = { path: ["/api/admin/apple-pay", "/api/admin/apple-pay/:action"] };
