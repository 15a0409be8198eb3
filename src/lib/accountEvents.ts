// What the account page's sign-in form (src/lib/accountSignIn.ts) and its island (AccountPage, woken by
// src/layouts/accountDirective.ts) tell each other: the one shows while the other sleeps.

/** This browser is signed in (the server said so, or the diner just signed in here): the account wakes. */
export const SIGNED_IN_EVENT = "jf-account-signed-in";
/** The account has no session (signed out, or a link declined): the sign-in form shows again. */
export const SIGNED_OUT_EVENT = "jf-account-signed-out";

/** Whether the address carries an e-mailed sign-in link (#link=..., which the account spends). */
export const carriesLink = (hash: string): boolean => /^#link=/.test(hash);
