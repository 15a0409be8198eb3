// The staff room's door: what other rooms, the top of src/server and the functions use of it.
export { type Actor, accountById, listAccounts } from "./accounts";
export { MIN_DEPLOYED_PASSWORD_LENGTH, adminConfig } from "./adminSession";
export { ownerHasOwnCredentials } from "./bootstrap";
export { accountCredentials, changeOwnPassword, clearAccountPassword, removeAccountPasskey } from "./credentials";
export { DEVELOPMENT_OWNER_EMAIL, DEVELOPMENT_PASSWORD } from "./developmentPassword";
export { requireOwner, requireStaff } from "./guard";
export { addPerson, changeAccount, makeSetupLink } from "./handOver";
export { addOwnPasskey, listPasskeys, registrationOptions, removePasskey, signInOptions, signInWithPasskey } from "./passkeys";
export { type SecurityNotice } from "./securityNotices";
export { IDLE_TIMEOUT_MS, SESSION_COOKIE, actorOf, endAllSessions, endSession, endSessionByHandle, listSessions, requireFreshProof } from "./sessions";
export { SETUP_LINK_LIFETIME_MS, registerPasskeyWithLink, setPasswordWithLink, setupLinkAccount, setupPasskeyOptions } from "./setupLinks";
export { signInWithPassword } from "./signIn";
export { CODE_LIFETIME_MS, finishSecondStep } from "./signInCodes";
export { QUIET_RESET_MS } from "./signInLimits";
export { KNOWN_NETWORK_MS, rememberNetwork } from "./signInSteps";
export { staffMailKinds } from "./mailKinds";
