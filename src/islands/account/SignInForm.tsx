// Signed out: one e-mail field that offers the diner's saved passkeys in its autofill (WebAuthn conditional
// UI), a passkey button, and the e-mailed link (which also makes a new account, with the name given).
import { useEffect, useId, useState, type FormEvent } from "react";
import type { Locale } from "../../domain/i18n/locales";
import { translator } from "../../domain/i18n/translate";
import { accountWords } from "../../domain/i18n/ui/account";
import { ApiError } from "../../lib/api";
import { INPUT_CLASS } from "../../lib/formStyles";
import { askForLink, passkeySignIn } from "./accountApi";

const BUTTON = "rounded-lg px-4 py-3 font-semibold disabled:opacity-60";

export default function SignInForm({ locale, onSignedIn }: { locale: Locale; onSignedIn: () => void }) {
  const t = translator(accountWords, locale);
  const id = useId();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  const problemText = (error: unknown) => (error instanceof ApiError && error.serverMessage ? error.serverMessage : t("signIn.failed"));
  const problem = (error: unknown) => setNote({ ok: false, text: problemText(error) });

  // The passkeys of this site wait in the e-mail field's suggestions; picking one signs in. That offer runs in
  // the background for the whole visit, so its failure never replaces what the diner was just told (the
  // link is on its way).
  useEffect(() => {
    passkeySignIn(true).then(
      (signedIn) => signedIn && onSignedIn(),
      (error: unknown) => setNote((said) => said ?? { ok: false, text: problemText(error) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one conditional request per page view
  }, []);

  async function sendLink(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) return setNote({ ok: false, text: t("signIn.emailRequired") });
    setBusy(true);
    setNote(null);
    try {
      await askForLink(email.trim(), name.trim());
      setNote({ ok: true, text: t("signIn.linkSent", email.trim()) });
    } catch (error) {
      problem(error);
    } finally {
      setBusy(false);
    }
  }

  async function withPasskey() {
    setNote(null);
    try {
      if (await passkeySignIn(false)) onSignedIn();
    } catch (error) {
      problem(error);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="font-display text-2xl font-bold">
        {t("signIn.heading")}
      </h2>
      <form onSubmit={sendLink} className="mt-4 grid gap-3 sm:max-w-md" noValidate>
        <label htmlFor={`${id}-email`} className="font-semibold">
          {t("signIn.email")}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          className={INPUT_CLASS}
          autoComplete="username webauthn"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <label htmlFor={`${id}-name`} className="font-semibold">
          {t("signIn.name")}
        </label>
        <input id={`${id}-name`} name="name" className={INPUT_CLASS} autoComplete="name" maxLength={80} value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" disabled={busy} className={`${BUTTON} bg-brand-600 text-white hover:bg-brand-700`}>
          {t("signIn.sendLink")}
        </button>
        <button type="button" onClick={withPasskey} className={`${BUTTON} border border-stone-400 bg-white text-ink hover:bg-stone-100`}>
          {t("signIn.passkey")}
        </button>
        <p role={note?.ok === false ? "alert" : "status"} className={note?.ok === false ? "text-red-800" : "text-ink"}>
          {note?.text ?? ""}
        </p>
      </form>
    </section>
  );
}
