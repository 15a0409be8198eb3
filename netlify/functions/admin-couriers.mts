// Courier delivery in the console (staff; the fee policy: owner):
// GET /api/admin/couriers: { configured, policy, problems } (deliveries waiting on staff);
// PUT /api/admin/couriers { policy }: how much of the courier's fee the customer pays;
// POST /api/admin/orders/:id/courier { action: "new_courier" | "acknowledge" }: send a new courier after
// a cancellation or a failed dispatch, or clear the notice (after a refund, or staff's own driver).
import type { Config, Context } from "@netlify/functions";
import { courierFeePolicySchema } from "../../src/domain/courierFee";
import * as z from "../../src/domain/zod";
import "../../src/server/participants";
import { acknowledgeCourierProblem, courierFeePolicy, couriersConfigured, deliveriesNeedingStaff, requestNewCourier, setCourierFeePolicy, staffCourierView } from "../../src/server/delivery";
import { handle, json, methodNotAllowed, readJson } from "../../src/server/platform/http";
import { deliverMailSoon } from "../../src/server/mail";
import { requireOwner, requireStaff } from "../../src/server/staff";

const actionSchema = z.object({ action: z.enum(["new_courier", "acknowledge"]) });
const policySchema = z.object({ policy: courierFeePolicySchema });

export default handle(async (req: Request, context: Context) => {
  const orderId = context.params.id;
  if (orderId) {
    if (req.method !== "POST") return methodNotAllowed(["POST"]);
    const actor = await requireStaff(req);
    const { action } = await readJson(req, actionSchema);
    if (action === "acknowledge") {
      await acknowledgeCourierProblem(orderId, actor);
      return json({ acknowledged: true });
    }
    const delivery = await requestNewCourier(orderId, actor);
    deliverMailSoon(context);
    return json(staffCourierView(delivery));
  }
  if (req.method === "GET") {
    await requireStaff(req);
    const [policy, problems] = await Promise.all([courierFeePolicy(), deliveriesNeedingStaff()]);
    return json({ configured: couriersConfigured(), policy, problems: problems.map(staffCourierView) });
  }
  if (req.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const actor = await requireOwner(req);
  const { policy } = await readJson(req, policySchema);
  return json({ policy: await setCourierFeePolicy(policy, actor) });
});

export const config: Config = { path: ["/api/admin/couriers", "/api/admin/orders/:id/courier"] };
