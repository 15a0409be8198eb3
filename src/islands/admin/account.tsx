// Who is signed in to the console, for every tab: the server enforces each role, and the console
// hides what the role may not do so staff never meet a button that only answers "Only the owner".
import { createContext, useContext } from "react";
import type { StaffRole } from "../../domain/staffRoles";

export interface SignedInAccount {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

export const AccountContext = createContext<SignedInAccount | null>(null);

/** Whether the signed-in person is an owner (refunds, hours, prices, content, staff accounts). */
export function useIsOwner(): boolean {
  return useContext(AccountContext)?.role === "owner";
}
