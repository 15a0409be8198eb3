// The account page's sign-in form (src/components/AccountSignIn.astro) made live: the e-mailed link asked
// for, a passkey from the button or from the e-mail field's autofill (WebAuthn conditional UI), and, once
// this browser is signed in, the account woken in its place (SIGNED_IN_EVENT) or the diner sent back to the
// page they came from (the checkout, a menu). The server, not the browser's storage, says whether a visitor
// is signed in; the storage's hint only says "Signing you in…" while it answers.
import { ApiError } from "./api";
import { carriesLink, SIGNED_IN_EVENT, SIGNED_OUT_EVENT } from "./accountEvents";
import { askForLink, passkeySignIn, sessionOf } from "./dinerSignIn";
import { returnPathOf } from "./returnPath";
import { hintsSignedIn, rememberSignedIn } from "./signedInHint";

/** The form's sentences, in the page's language, as AccountSignIn.astro writes them ("{email}" is replaced). */
export interface SignInWords {
  failed: string;
  emailRequired: string;
  linkSent: string;
  checking: string;
}

export function startAccountSignIn(section: HTMLElement): void {
  const words = JSON.parse(section.dataset.words ?? "{}") as SignInWords;
  const form = section.querySelector("form")!;
  const email = form.querySelector<HTMLInputElement>("input[name=email]")!;
  const name = form.querySelector<HTMLInputElement>("input[name=name]")!;
  const send = form.querySelector<HTMLButtonElement>("[data-send-link]")!;
  const passkey = form.querySelector<HTMLButtonElement>("[data-passkey]")!;
  const note = form.querySelector<HTMLElement>("[data-note]")!;

  const say = (text: string, ok = true) => {
    note.setAttribute("role", ok ? "status" : "alert");
    note.className = ok ? "text-ink" : "text-red-800";
    note.textContent = text;
  };
  const problem = (error: unknown) => say(error instanceof ApiError && error.serverMessage ? error.serverMessage : words.failed, false);

  const showAccount = () => {
    section.hidden = true;
    dispatchEvent(new Event(SIGNED_IN_EVENT));
  };
  // Signed in here: back to the page the diner came from, else the account in the form's place.
  const signedIn = () => {
    rememberSignedIn(true);
    const back = returnPathOf(location, document.referrer);
    if (back) location.assign(back);
    else showAccount();
  };

  async function sendLink() {
    const address = email.value.trim();
    if (!address) return say(words.emailRequired, false);
    send.disabled = true;
    say("");
    try {
      await askForLink(address, name.value.trim());
      say(words.linkSent.replace("{email}", address));
    } catch (error) {
      problem(error);
    } finally {
      send.disabled = false;
    }
  }

  async function withPasskey() {
    say("");
    try {
      if (await passkeySignIn(false)) signedIn();
    } catch (error) {
      problem(error);
    }
  }

  // The diner's passkeys wait in the e-mail field's suggestions for the whole visit; picking one signs in. Only
  // the server's refusal of a passkey picked is said (a browser that cannot offer them stays quiet: the diner
  // asked for nothing), and never over what the diner was just told (the link is on its way).
  const offerPasskeys = () =>
    passkeySignIn(true).then(
      (yes) => yes && signedIn(),
      (error: unknown) => error instanceof ApiError && !note.textContent && problem(error),
    );

  // Signed out on the account, or a link that did not sign in: the form again, with what went wrong.
  const showForm = (event: Event) => {
    section.hidden = false;
    const wrong = (event as CustomEvent<string | undefined>).detail;
    say(wrong ?? "", !wrong);
    void offerPasskeys();
  };

  send.type = "submit";
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void sendLink();
  });
  passkey.addEventListener("click", () => void withPasskey());
  // A tap made before this script arrived (BaseLayout's earlyTaps) is answered now.
  const kept = window.__jfTaps ?? [];
  window.__jfTaps = kept.filter((button) => button !== send && button !== passkey);

  addEventListener(SIGNED_OUT_EVENT, showForm);
  // A link pasted into this very tab changes only the fragment: the account spends it.
  addEventListener("hashchange", () => carriesLink(location.hash) && (section.hidden = true));
  if (carriesLink(location.hash)) {
    section.hidden = true;
    return;
  }
  if (kept.includes(send)) void sendLink();
  else if (kept.includes(passkey)) void withPasskey();
  if (hintsSignedIn() && !kept.length) say(words.checking);
  sessionOf().then(
    (yes) => {
      if (yes) return showAccount();
      rememberSignedIn(false);
      if (note.textContent === words.checking) say("");
      void offerPasskeys();
    },
    () => void offerPasskeys(),
  );
}
