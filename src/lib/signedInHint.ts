// A hint, in the browser's storage, that this browser holds a diner's session (the session cookie itself is
// HttpOnly, out of the page's reach): the home page and the checkout ask for the diner's orders and details
// only then, so a guest's visit costs the API nothing. A stale hint costs one 401, which clears it.
const SIGNED_IN_HINT = "jealous-fork-diner";

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, "1");
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Without storage the home page shows no "Order again"; the account page lists every order.
  }
}

export const forgetSignedIn = () => rememberSignedIn(false);

export function hintsSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === "1";
  } catch {
    return false;
  }
}
