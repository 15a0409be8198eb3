// `client:account`: the account page's island, hydrated only for a diner: when the address carries an
// e-mailed sign-in link (#link=..., at once or pasted into the tab later), or when the page's sign-in form
// (src/lib/accountSignIn.ts) finds this browser signed in or signs it in. A visitor who is not signed in
// never loads React and the account's code (107 KB compressed): the form is plain HTML with a small script.
import type { ClientDirective } from "astro";
import { carriesLink, SIGNED_IN_EVENT } from "../lib/accountEvents";

declare module "astro" {
  interface AstroClientDirectives {
    "client:account"?: boolean;
  }
}

const account: ClientDirective = (load) => {
  let woken = false;
  const hydrate = async () => {
    if (woken) return;
    woken = true;
    await (await load())();
  };
  if (carriesLink(location.hash)) return void hydrate();
  addEventListener(SIGNED_IN_EVENT, () => void hydrate());
  addEventListener("hashchange", () => carriesLink(location.hash) && void hydrate());
};

export default account;
