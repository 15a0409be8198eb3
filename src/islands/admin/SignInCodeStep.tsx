// The sign-in's second step: after many wrong passwords were tried on the account, a right password from a
// browser and network it has not signed in from asks for the 6-digit code e-mailed to the person, or a passkey.
import { useId, useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { browserSupportsWebAuthn } from "../../lib/passkeys";
import type { SignedInAccount } from "./account";
import { useFormAttempt } from "./formAttempt";
import { inputClass, primaryButton, secondaryButton } from "./shared";

/** What POST /api/admin/session answers (202) when the step is needed. */
export interface SecondStepView {
  challenge: string;
  emailed: boolean;
  passkey: boolean;
  expiresAt: string;
}

interface Props {
  step: SecondStepView;
  onSignedIn: (account: SignedInAccount) => void;
  onPasskey: () => void;
  onBack: () => void;
  /** The passkey sign-in is running; and why it failed, if it did. */
  busy: boolean;
  passkeyError: string;
}

export function SignInCodeStep({ step, onSignedIn, onPasskey, onBack, busy, passkeyError }: Props) {
  const id = useId();
  const [code, setCode] = useState("");
  const { sending, error, attempt } = useFormAttempt();

  async function submit(event: FormEvent) {
    event.preventDefault();
    await attempt(async () => {
      const answer = await apiRequest<{ account: SignedInAccount }>("/api/admin/session/code", { method: "POST", body: { challenge: step.challenge, code } });
      onSignedIn(answer.account);
    }, "The code did not work. Please try again.");
    setCode("");
  }

  return (
    <div className="mt-4 flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Confirm it is you</h2>
      {step.emailed ? (
        <p className="text-sm text-stone-700">
          Many wrong passwords were tried on this account lately, and this browser has not signed in to it before. We sent a 6-digit code to your e-mail: enter
          it here within 10 minutes.
        </p>
      ) : (
        <p className="text-sm text-stone-700">
          Many wrong passwords were tried on this account lately, and this browser has not signed in to it before. No code can be e-mailed (mail is not set up),
          so sign in with a passkey or from a browser you used before.
        </p>
      )}
      {step.emailed && (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div>
            <label htmlFor={`${id}-code`} className="text-sm font-medium">
              6-digit code from the e-mail
            </label>
            <input
              id={`${id}-code`}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={7}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={`${inputClass} tracking-widest`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-800">
              {error}
            </p>
          )}
          <button type="submit" className={primaryButton} disabled={sending || code.replace(/\s/g, "").length !== 6}>
            {sending ? "Checking..." : "Confirm code"}
          </button>
        </form>
      )}
      {browserSupportsWebAuthn() && (
        <button type="button" className={step.emailed ? secondaryButton : primaryButton} onClick={onPasskey} disabled={busy || sending}>
          Use a passkey instead
        </button>
      )}
      {passkeyError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {passkeyError}
        </p>
      )}
      <button type="button" className={secondaryButton} onClick={onBack} disabled={sending}>
        Back to the password
      </button>
    </div>
  );
}
