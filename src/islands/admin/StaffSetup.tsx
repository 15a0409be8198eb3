// The set-up page's form: reads the one-time token from the address's fragment (browsers never send a
// fragment to a server), greets the person the link is for, says plainly what using the link ends (every
// other passkey, the old password, every session), and registers their passkey or sets their password,
// either of which signs them in and opens the console.
import { useEffect, useId, useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { browserSupportsWebAuthn, deviceLabel, registerPasskey } from "../../lib/passkeys";
import { serverSentence, useFormAttempt } from "./formAttempt";
import { NEW_PASSWORD_MIN_LENGTH, NewPasswordFields, newPasswordProblem } from "./NewPasswordFields";
import { primaryButton } from "./shared";

/** What using the link ends, said before the person confirms anything. */
function WhatTheLinkEnds({ email, hasPassword, passkeys }: { email: string; hasPassword: boolean; passkeys: number }) {
  const old = [hasPassword ? "the old password" : "", passkeys > 0 ? `${passkeys === 1 ? "its passkey" : `all ${passkeys} of its passkeys`}` : ""].filter(Boolean);
  return (
    <div role="note" aria-label="What this link does" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm">
      <p className="font-semibold">Using this link signs {email} out everywhere{old.length > 0 ? ` and ends ${old.join(" and ")}` : ""}.</p>
      <p className="mt-1">Only the passkey or password you set up now will work. If someone else had added a way into this account, it stops working.</p>
    </div>
  );
}

export default function StaffSetup() {
  const id = useId();
  const [token] = useState(() => location.hash.slice(1));
  const [person, setPerson] = useState<{ name: string; email: string; hasPassword: boolean; passkeys: number } | null>(null);
  const [problem, setProblem] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const { sending, error, setError, attempt } = useFormAttempt();

  useEffect(() => {
    apiRequest<{ account: { name: string; email: string; hasPassword: boolean; passkeys: number } }>("/api/admin/setup/lookup", { method: "POST", body: { token } }).then(
      (answer) => setPerson(answer.account),
      (failure) => setProblem(serverSentence(failure, "This set-up link is not valid any more. Ask the owner for a new one.")),
    );
  }, [token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, repeat);
    if (problem) return setError(problem);
    await attempt(async () => {
      await apiRequest("/api/admin/setup", { method: "POST", body: { token, password } });
      // The token is spent: drop it from the address and history before opening the console.
      history.replaceState(null, "", "/admin/setup");
      location.assign("/admin");
    }, "Could not set the password. Please try again.");
  }

  async function withPasskey() {
    await attempt(async () => {
      const done = await registerPasskey("/api/admin/setup/passkey/options", "/api/admin/setup/passkey", deviceLabel(), { token });
      if (done) {
        history.replaceState(null, "", "/admin/setup");
        location.assign("/admin");
      }
    }, "Could not register the passkey. Please try again.");
  }

  return (
    <main className="mx-auto flex max-w-md flex-col gap-4 p-6 sm:p-10">
      <h1 className="font-display text-2xl font-bold">Set up your account</h1>
      {!person && !problem && <p role="status">Checking your link...</p>}
      {problem && <p role="alert" className="font-semibold text-red-800">{problem}</p>}
      {person && <WhatTheLinkEnds {...person} />}
      {person && browserSupportsWebAuthn() && (
        <div className="flex flex-col gap-2">
          <p>
            Welcome, <span className="font-semibold">{person.name}</span>. The quickest and safest way in is a passkey: this device's
            fingerprint, face or screen lock signs you in as <span className="font-semibold">{person.email}</span>.
          </p>
          <button type="button" className={primaryButton} onClick={() => void withPasskey()} disabled={sending}>
            Register a passkey on this device
          </button>
          <p className="text-center text-sm text-stone-700">or choose a password</p>
        </div>
      )}
      {person && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <p>
            Welcome, <span className="font-semibold">{person.name}</span>. Choose a password for <span className="font-semibold">{person.email}</span>:
            at least {NEW_PASSWORD_MIN_LENGTH} characters; a short sentence is easy to remember and hard to guess.
          </p>
          <input type="email" autoComplete="username" value={person.email} readOnly hidden />
          <NewPasswordFields id={id} password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} repeatLabel="Repeat the password" />
          {error && <p role="alert" className="text-sm font-semibold text-red-800">{error}</p>}
          <button type="submit" className={primaryButton} disabled={sending || !password || !repeat}>
            {sending ? "Saving..." : "Set password and sign in"}
          </button>
        </form>
      )}
    </main>
  );
}
