// The console's people tabs, one file each: Staff (the owner's accounts), Activity (every change) and
// Sessions (where one is signed in, one's passkeys and password).
export { ActivityTab } from "./ActivityTab";
export { SessionsTab } from "./SessionsTab";
export { StaffAccountsTab } from "./StaffAccountsTab";
