// GET /api/catering -> { enabled, rules, terms, trays }: the catering menu in the request's language (trays
// with what each serves and costs), the minimums, the notice and the cancellation terms shown before paying.
import type { Config } from "@netlify/functions";
import { cateringMenu } from "../../src/server/catering";
import { handle, json, methodNotAllowed, requestLocale } from "../../src/server/platform/http";

export default handle(async (req: Request) => {
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  return json(await cateringMenu(requestLocale(req)));
});

export const config: Config = { path: "/api/catering", method: ["GET"] };
