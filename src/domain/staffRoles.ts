// The roles of staff accounts and what each may do, in the console's words (no zod: islands import it).
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner: everything, including refunds, hours and ordering settings, prices, content and staff accounts",
  staff: "Staff: orders board and status, stock flags, pause and busy, messages",
};
