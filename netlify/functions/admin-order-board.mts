// GET /api/admin/order-board: the kitchen's board (paid orders not yet done, by promised time) and the
// cursor to ask for changes from. GET /api/admin/order-board/changes?since=N: the paid orders changed
// after the cursor N, with the new cursor ({cursor, more, orders}); 204 and no body when none did, which
// is one index lookup after the session's. The board polls it every few seconds (docs/scale.md). The board
// also carries the kitchen's figures: today's share of orders ready by their promise plus 5 minutes, and
// what quotes add now and why.
import type { Config } from "@netlify/functions";
import { requireStaff } from "../../src/server/staff";
import { handle, json, methodNotAllowed } from "../../src/server/platform/http";
import { changesSince, currentCursor, ordersOnBoard, parseCursor, staffViews } from "../../src/server/orders";
import { kitchenFigures } from "../../src/server/kitchen";
import { serverNow } from "../../src/server/env";

export default handle(async (req: Request) => {
  await requireStaff(req);
  if (req.method !== "GET") return methodNotAllowed(["GET"]);
  const url = new URL(req.url);
  if (url.pathname.endsWith("/changes")) {
    const changes = await changesSince(parseCursor(url.searchParams.get("since")));
    if (!changes) return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
    return json({ cursor: changes.cursor, more: changes.more, orders: await staffViews(changes.orders) });
  }
  // The cursor first: a change landing between the two reads comes again with the next poll.
  const cursor = await currentCursor();
  const [orders, kitchen] = await Promise.all([ordersOnBoard().then(staffViews), kitchenFigures(serverNow())]);
  return json({ cursor, orders, kitchen });
});

export const config: Config = { path: ["/api/admin/order-board", "/api/admin/order-board/changes"], method: ["GET"] };
