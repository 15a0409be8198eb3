// GET /api/admin/messages: contact messages, newest first; PATCH /api/admin/messages/:id sets { handled }.
import type { Config, Context } from "@netlify/functions";
import { z } from "zod";
import { requireAdmin } from "../../src/server/adminSession";
import { errorResponse, handle, json, methodNotAllowed, readJson } from "../../src/server/http";
import { listMessages, markHandled } from "../../src/server/messages";

const handledSchema = z.object({ handled: z.boolean() });

export default handle(async (req: Request, context: Context) => {
  await requireAdmin(req);
  const id = context.params.id;
  if (!id) {
    if (req.method !== "GET") return methodNotAllowed(["GET"]);
    return json({ messages: await listMessages() });
  }
  if (req.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const { handled } = await readJson(req, handledSchema);
  const message = await markHandled(id, handled);
  return message ? json(message) : errorResponse(404, "There is no such message.");
});

export const config: Config = { path: ["/api/admin/messages", "/api/admin/messages/:id"] };
