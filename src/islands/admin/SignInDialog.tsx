// The console's sign-in: a passkey, or an e-mail and password checked by the server (without an e-mail,
// the first owner's set-up password). Escape or Cancel leaves the console. After many wrong passwords on
// the account, a browser it has not signed in from also enters an e-mailed code (./SignInCodeStep).
import { useId, useState, type FormEvent, type KeyboardEvent } from "react";
import { ApiError, apiRequest } from "../../lib/api";
import { browserSupportsWebAuthn, signInWithPasskey } from "../../lib/passkeys";
import type { SignedInAccount } from "./account";
import { inputClass, primaryButton, secondaryButton } from "./shared";
import { SignInCodeStep, type SecondStepView } from "./SignInCodeStep";

export function SignInDialog({ onSignedIn }: { onSignedIn: (account: SignedInAccount) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [detail, setDetail] = useState("");
  const [sending, setSending] = useState(false);
  const [step, setStep] = useState<SecondStepView | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setError("Please enter the password.");
      return;
    }
    setSending(true);
    setError("");
    setDetail("");
    try {
      // Without an e-mail the server takes the first owner's (the set-up sign-in with ADMIN_PASSWORD).
      const body = email.trim() ? { email: email.trim(), password } : { password };
      const answer = await apiRequest<{ account?: SignedInAccount; secondStep?: SecondStepView }>("/api/admin/session", { method: "POST", body });
      if (answer.secondStep) setStep(answer.secondStep);
      else if (answer.account) onSignedIn(answer.account);
    } catch (failure) {
      // A wrong password, or any other failure.
      if (failure instanceof ApiError && failure.status === 401) {
        setError(failure.serverMessage ?? "Wrong e-mail or password. Please try again.");
      } else {
        setError("Authentication failed. Please try again.");
        if (failure instanceof ApiError && failure.status === 429 && failure.serverMessage) setDetail(failure.serverMessage);
      }
      setPassword("");
    } finally {
      setSending(false);
    }
  }

  async function withPasskey() {
    setSending(true);
    setError("");
    setDetail("");
    try {
      const answer = await signInWithPasskey<{ account: SignedInAccount }>();
      if (answer) onSignedIn(answer.account);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : "The passkey sign-in did not work. Please try again.");
    } finally {
      setSending(false);
    }
  }

  function cancel() {
    if (history.length > 1) history.back();
    else location.assign("/");
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") cancel();
  }

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/50 p-4" onKeyDown={onKeyDown}>
      <div role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} className="w-full max-w-sm rounded-lg bg-white p-6 shadow-xl">
        <h1 id={`${id}-title`} className="text-xl font-semibold">Admin Access</h1>
        <p id={`${id}-text`} className="mt-1 text-sm text-stone-700">Sign in with your e-mail and password to manage the site.</p>
        {step && <SignInCodeStep step={step} onSignedIn={onSignedIn} onPasskey={() => void withPasskey()} onBack={() => setStep(null)} busy={sending} passkeyError={error} />}
        {!step && browserSupportsWebAuthn() && (
          <>
            <button type="button" className={`${primaryButton} mt-4 w-full`} onClick={() => void withPasskey()} disabled={sending}>
              Sign in with a passkey
            </button>
            <p className="mt-3 text-center text-sm text-stone-700">or with your e-mail and password</p>
          </>
        )}
        {/* Hidden, not unmounted, during the code step: "Back to the password" finds the e-mail as typed. */}
        <form onSubmit={submit} noValidate hidden={step !== null} className="mt-4 flex flex-col gap-3">
          <div>
            <label htmlFor={`${id}-email`} className="text-sm font-medium">E-mail</label>
            <input
              id={`${id}-email`}
              type="email"
              autoComplete="username"
              autoFocus
              className={inputClass}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${id}-password`} className="text-sm font-medium">Password</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={inputClass}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
              {error}
              {detail && <span className="block font-normal">{detail}</span>}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondaryButton} onClick={cancel}>Cancel</button>
            <button type="submit" className={primaryButton} disabled={sending || !password}>
              {sending ? "Signing in..." : "Sign In"}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
