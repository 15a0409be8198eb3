// How the signed-in person signs in: their passkeys (add one for this device, remove a lost one) and a new
// password. Adding either needs a sign-in of the last 5 minutes (./ConfirmItsYou), and the person is told
// by e-mail of each.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { apiRequest } from "../../lib/api";
import { browserSupportsWebAuthn, deviceLabel, registerPasskey } from "../../lib/passkeys";
import { toast } from "../../stores/toasts";
import { ConfirmItsYou, useFreshProof } from "./ConfirmItsYou";
import { NewPasswordFields, newPasswordProblem } from "./NewPasswordFields";
import { failed, primaryButton, secondaryButton } from "./shared";
import { when, type PasskeyView } from "./staffViews";

export function PasskeysSection() {
  const [passkeys, setPasskeys] = useState<PasskeyView[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [pending, attempt, cancel] = useFreshProof();
  const load = useCallback(async () => {
    try {
      setPasskeys((await apiRequest<{ passkeys: PasskeyView[] }>("/api/admin/passkeys")).passkeys);
    } catch (error) {
      failed("Could not load your passkeys", error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function add() {
    setAdding(true);
    await attempt(async () => {
      const added = await registerPasskey<{ passkey: PasskeyView }>("/api/admin/passkeys/options", "/api/admin/passkeys", deviceLabel());
      if (added) {
        toast({ title: "Passkey added", description: `${added.passkey.label}: sign in with it next time. We e-mailed you about it.` });
        await load();
      }
    }, "Could not add the passkey");
    setAdding(false);
  }

  async function remove(passkey: PasskeyView) {
    try {
      await apiRequest(`/api/admin/passkeys/${encodeURIComponent(passkey.id)}`, { method: "DELETE" });
      await load();
    } catch (error) {
      failed("Could not remove the passkey", error);
    }
  }

  return (
    <section aria-labelledby="passkeys-title" className="flex flex-col gap-3">
      <h3 id="passkeys-title" className="text-lg font-semibold">Your passkeys</h3>
      <p className="text-sm text-stone-700">A passkey signs you in with this device's fingerprint, face or PIN: nothing to type, nothing to guess. Add one on each device you use; remove one you lost.</p>
      {passkeys && passkeys.length === 0 && <p>No passkey yet.</p>}
      {passkeys && passkeys.length > 0 && (
        <ul aria-label="Your passkeys" className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-48 flex-1">
                <p className="font-semibold">{passkey.label || "Passkey"}</p>
                <p className="text-stone-700">Added {when(passkey.createdAt)}{passkey.lastUsedAt ? `; last used ${when(passkey.lastUsedAt)}` : "; never used"}</p>
              </div>
              <button type="button" className={secondaryButton} onClick={() => void remove(passkey)}>Remove<span className="sr-only"> passkey {passkey.label}</span></button>
            </li>
          ))}
        </ul>
      )}
      {pending && <ConfirmItsYou onConfirmed={() => void pending()} onCancel={cancel} />}
      {browserSupportsWebAuthn() && !pending && (
        <div>
          <button type="button" className={primaryButton} onClick={() => void add()} disabled={adding}>{adding ? "Adding..." : "Add a passkey on this device"}</button>
        </div>
      )}
    </section>
  );
}

export function PasswordSection() {
  const id = useId();
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [error, setError] = useState("");
  const [pending, attempt, cancel] = useFreshProof();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = newPasswordProblem(password, repeat);
    setError(problem);
    if (problem) return;
    await attempt(async () => {
      await apiRequest("/api/admin/password", { method: "PUT", body: { password } });
      setPassword("");
      setRepeat("");
      toast({ title: "Password changed", description: "Your other sessions were signed out. We e-mailed you about it." });
    }, "Could not change the password");
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h3 id={`${id}-title`} className="text-lg font-semibold">Your password</h3>
      {pending && <ConfirmItsYou onConfirmed={() => void pending()} onCancel={cancel} />}
      <form onSubmit={submit} noValidate aria-label="Change your password" className="flex flex-wrap items-end gap-3">
        <NewPasswordFields id={id} password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} repeatLabel="Repeat it" />
        <button type="submit" className={secondaryButton} disabled={!password || !repeat}>Change password</button>
      </form>
      {error && <p role="alert" className="text-sm font-semibold text-red-800">{error}</p>}
    </section>
  );
}
