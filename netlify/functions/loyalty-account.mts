// The signed-in diner's loyalty: GET /api/account/loyalty (available, proved phone, balance, tiers, terms);
// POST /api/account/loyalty/phone { phone } texts a code (a US number only, within the budgets: 400 for any
// other number, 429 past a budget); POST /api/account/loyalty/code { phone, code } checks it, for the account
// that asked only (429 past the tries), and links the counter's loyalty account of that phone when there is one. POST /api/account/loyalty/join { agree } links
// it, or enrols one when the diner agreed to the terms shown. The status's balance is kept about a minute; 429
// with a sentence past the look-up budgets (per account, per network, site-wide).
import type { Config, Context } from "@netlify/functions";
import { loyaltyCodeSchema, loyaltyJoinSchema, loyaltyPhoneSchema } from "../../src/domain/loyalty.schema";
import { requireDiner } from "../../src/server/accounts";
import { joinLoyalty, loyaltyStatus, provePhoneByCode, startPhoneProof } from "../../src/server/loyalty";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";

const NO_STORE = { headers: { "cache-control": "no-store" } };

export default handle(async (req: Request, context: Context) => {
  assertSameOrigin(req);
  const action = new URL(req.url).pathname.split("/").pop();
  if (action === "loyalty") {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json(await loyaltyStatus(await requireDiner(req), requestLocale(req), clientAddress(req, context.ip)), NO_STORE);
  }
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const diner = await requireDiner(req);
  const locale = requestLocale(req);
  if (action === "phone") {
    const { phone } = await readJson(req, loyaltyPhoneSchema, 4 * 1024);
    return json(await startPhoneProof(diner, phone, clientAddress(req, context.ip), locale), NO_STORE);
  }
  if (action === "code") {
    const { phone, code } = await readJson(req, loyaltyCodeSchema, 4 * 1024);
    return json(await provePhoneByCode(diner, phone, code, clientAddress(req, context.ip)), NO_STORE);
  }
  const { agree } = await readJson(req, loyaltyJoinSchema, 4 * 1024);
  return json(await joinLoyalty(diner, agree, locale, clientAddress(req, context.ip)), NO_STORE);
});

export const config: Config = {
  path: ["/api/account/loyalty", "/api/account/loyalty/phone", "/api/account/loyalty/code", "/api/account/loyalty/join"],
};
