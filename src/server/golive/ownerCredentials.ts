// Whether an owner has had credentials of their own (a password or a passkey), which makes the set-up
// password ADMIN_PASSWORD a key nobody needs any more (it no longer opens anything). The staff room's answer.
export { ownerHasOwnCredentials } from "../staff";
