// The guard of every admin endpoint: 401 without a live session (a disabled account has none), 403 for
// a state-changing request from another site, 403 when the person's role may not do this.
import { assertSameOrigin } from "../platform/siteOrigin";
import type { Actor, Role } from "./accounts";
import { actorOf } from "./sessions";
import { NotPermitted, Unauthenticated } from "../platform/errors";

/**
 * What each role may do. Staff: the orders board and order status, stock flags, pause and busy, messages.
 * The owner: all of that, and refunds, hours and ordering settings, prices, content, staff accounts.
 */
export async function requireStaff(req: Request, role: Role = "staff"): Promise<Actor> {
  const actor = await actorOf(req);
  if (!actor) throw new Unauthenticated("Please sign in to the admin console.");
  assertSameOrigin(req);
  if (role === "owner" && actor.role !== "owner") throw new NotPermitted("Only the owner can do this.");
  return actor;
}

/** Shorthand for the owner's endpoints. */
export function requireOwner(req: Request): Promise<Actor> {
  return requireStaff(req, "owner");
}
