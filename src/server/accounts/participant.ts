// Diner accounts in the order's life: a signed-in diner's order joins their history in the order's own
// transaction (hold), so whatever follows payment (loyalty's points) already knows whose order it is.
import { sql } from "../platform/sql";
import type { Participant } from "../orders";

export const accountsParticipant: Participant = {
  name: "accounts",
  hold: async (tx, { orderId }, { dinerAccountId }) => {
    if (dinerAccountId) await tx.run(sql`INSERT INTO diner_orders (order_id, account_id) VALUES (${orderId}, ${dinerAccountId}::uuid) ON CONFLICT (order_id) DO NOTHING`);
  },
};
