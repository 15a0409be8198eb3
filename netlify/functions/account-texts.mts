// Texts about the signed-in diner's orders (running late): GET /api/account/texts ({ available, phone });
// POST /api/account/texts/phone { phone } texts a code (a US number only, within the budgets per account,
// phone, network and site: 400 for another number, 429 past a budget); POST /api/account/texts/code
// { phone, code } proves the phone and turns texts on for it; DELETE /api/account/texts turns them off.
import type { Config, Context } from "@netlify/functions";
import { textCodeSchema, textPhoneSchema } from "../../src/domain/texts.schema";
import { requireDiner } from "../../src/server/accounts";
import { askTextCode, chooseTexts, stopTexts, textChoice } from "../../src/server/texts";
import { handle, json, methodNotAllowed, readJson, requestLocale } from "../../src/server/platform/http";
import { clientAddress } from "../../src/server/platform/rateLimit";
import { assertSameOrigin } from "../../src/server/platform/siteOrigin";

const NO_STORE = { headers: { "cache-control": "no-store" } };

export default handle(async (req: Request, context: Context) => {
  assertSameOrigin(req);
  const action = new URL(req.url).pathname.split("/").pop();
  const diner = await requireDiner(req);
  if (action === "texts") {
    if (req.method === "GET") return json(await textChoice(diner.accountId), NO_STORE);
    if (req.method === "DELETE") return json(await stopTexts(diner.accountId), NO_STORE);
    return methodNotAllowed(["GET", "DELETE"]);
  }
  if (req.method !== "POST") return methodNotAllowed(["POST"]);
  const address = clientAddress(req, context.ip);
  if (action === "phone") {
    const { phone } = await readJson(req, textPhoneSchema, 4 * 1024);
    return json(await askTextCode(diner.accountId, phone, address, requestLocale(req)), NO_STORE);
  }
  const { phone, code } = await readJson(req, textCodeSchema, 4 * 1024);
  return json(await chooseTexts(diner.accountId, phone, code, address), NO_STORE);
});

export const config: Config = { path: ["/api/account/texts", "/api/account/texts/phone", "/api/account/texts/code"], method: ["GET", "POST", "DELETE"] };
