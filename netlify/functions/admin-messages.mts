// GET /api/admin/messages[?before=ISO instant]: contact messages, newest first, 50 a page; PATCH /api/admin/messages/:id sets { handled }.
import type { Config, Context } from "@netlify/functions";
import * as z from "../../src/domain/zod";
import { requireStaff } from "../../src/server/staff";
import { InvalidRequest, NotFound } from "../../src/server/platform/errors";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { listMessages, markHandled } from "../../src/server/content";

const MESSAGES_PER_PAGE = 50;

const handledSchema = z.object({ handled: z.boolean() });

export default handle(async (req: Request, context: Context) => {
  const actor = await requireStaff(req);
  const id = context.params.id;
  if (!id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    const url = new URL(req.url);
    const before = url.searchParams.get("before");
    const beforeDate = before ? new Date(before) : undefined;
    if (beforeDate && Number.isNaN(beforeDate.getTime())) throw new InvalidRequest("before must be an ISO 8601 instant.");
    const page = await listMessages({ before: beforeDate, limit: MESSAGES_PER_PAGE });
    const full = page.length === MESSAGES_PER_PAGE;
    // A full page leaves out the messages received in the same instant as its oldest one, so they open
    // the next page together: asking for messages before that instant would skip those that did not fit.
    const earlier = full ? page.filter((message) => message.createdAt !== page.at(-1)!.createdAt) : page;
    const messages = earlier.length > 0 ? earlier : page;
    // The next page starts before the oldest message of this one; none when this page was not full.
    const nextBefore = full ? messages.at(-1)!.createdAt : null;
    return json({ messages, nextBefore });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { handled } = await readJson(req, handledSchema);
  const message = await markHandled(id, handled, new Date(), actor);
  if (!message) throw new NotFound("There is no such message.");
  return json(message);
});

export const config: Config = { path: ["/api/admin/messages", "/api/admin/messages/:id"] };
