// "Confirm it is you": adding a passkey, changing the password and every hand-over of an account (set-up
// links, owners made, another person's credentials removed, an owner disabled) need a sign-in of the last
// 5 minutes, so a console left open on a shared tablet cannot add a way in or take one. The person signs in
// again here (password or passkey, which opens a fresh session) and the change they asked for goes on.
import { useCallback, useContext, useId, useState, type FormEvent } from "react";
import { ApiError, apiRequest } from "../../lib/api";
import { browserSupportsWebAuthn, signInWithPasskey } from "../../lib/passkeys";
import { AccountContext, type SignedInAccount } from "./account";
import { useFormAttempt } from "./formAttempt";
import { failed, inputClass, primaryButton, secondaryButton } from "./shared";

/** Whether the server asked for fresh proof (403 with its "confirm it is you" sentence). */
export function needsFreshProof(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && /confirm it is you/i.test(error.serverMessage ?? "");
}

/**
 * Runs `work`; when the server asks for fresh proof, keeps it to run again once the person confirmed
 * (show <ConfirmItsYou> while the first value is set). Other failures are a toast with `title`.
 */
export function useFreshProof(): [(() => Promise<void>) | null, (work: () => Promise<void>, title: string) => Promise<void>, () => void] {
  const [pending, setPending] = useState<(() => Promise<void>) | null>(null);
  const attempt = useCallback(async (work: () => Promise<void>, title: string) => {
    try {
      await work();
      setPending(null);
    } catch (error) {
      if (needsFreshProof(error)) setPending(() => () => attempt(work, title));
      else failed(title, error);
    }
  }, []);
  return [pending, attempt, () => setPending(null)];
}

export function ConfirmItsYou({ onConfirmed, onCancel, change = "adding a way to sign in" }: { onConfirmed: () => void; onCancel: () => void; change?: string }) {
  const id = useId();
  const account = useContext(AccountContext);
  const [password, setPassword] = useState("");
  const { sending, error, attempt } = useFormAttempt();

  async function withPassword(event: FormEvent) {
    event.preventDefault();
    await attempt(async () => {
      await apiRequest("/api/admin/session", { method: "POST", body: { email: account?.email, password } });
      onConfirmed();
    }, "That did not work. Please try again.");
  }

  async function withPasskey() {
    await attempt(async () => {
      const answer = await signInWithPasskey<{ account: SignedInAccount }>();
      if (!answer) return;
      // Another person's passkey signed this browser in as them: show their console.
      if (answer.account.id !== account?.id) location.reload();
      else onConfirmed();
    }, "The passkey did not work. Please try again.");
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border border-amber-600 bg-amber-50 p-4">
      <h4 id={`${id}-title`} className="font-semibold">Confirm it is you</h4>
      <p className="text-sm">For your safety, {change} needs a sign-in of the last 5 minutes. Sign in again, then it goes on.</p>
      {browserSupportsWebAuthn() && (
        <button type="button" className={primaryButton} onClick={() => void withPasskey()} disabled={sending}>
          Confirm with a passkey
        </button>
      )}
      <form onSubmit={withPassword} className="flex flex-wrap items-end gap-3">
        <input type="email" autoComplete="username" value={account?.email ?? ""} readOnly hidden />
        <div>
          <label htmlFor={`${id}-password`} className="text-sm font-medium">Your current password</label>
          <input id={`${id}-password`} type="password" autoComplete="current-password" className={inputClass} value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <button type="submit" className={secondaryButton} disabled={sending || !password}>Confirm with password</button>
        <button type="button" className={secondaryButton} onClick={onCancel}>Cancel</button>
      </form>
      {error && <p role="alert" className="text-sm font-semibold text-red-800">{error}</p>}
    </section>
  );
}
