// The owner's view of how one account signs in: its passkeys (label, added, last used) and whether it has a
// password, each removable. Removing one from another person's account signs them out everywhere; a new
// set-up link is how they set up again. Taking another person's needs a sign-in of the last 5 minutes
// ("Confirm it is you"), and they are told by e-mail. Every removal is in the activity log with who did it.
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { ConfirmItsYou, useFreshProof } from "./ConfirmItsYou";
import { dangerButton, failed, secondaryButton } from "./shared";
import { when, type Account, type PasskeyView } from "./staffViews";

interface Credentials {
  hasPassword: boolean;
  passkeys: PasskeyView[];
}

export function AccountCredentials({ account, onChanged, onClose }: { account: Account; onChanged: () => void; onClose: () => void }) {
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const base = `/api/admin/staff/${account.id}`;
  const [pending, attempt, cancel] = useFreshProof();
  const load = useCallback(async () => {
    try {
      setCredentials(await apiRequest<Credentials>(`${base}/credentials`));
    } catch (error) {
      failed("Could not load how this account signs in", error);
    }
  }, [base]);
  useEffect(() => void load(), [load]);

  async function remove(path: string, what: string) {
    await attempt(async () => {
      await apiRequest(path, { method: "DELETE" });
      toast({ title: `${what} removed`, description: `${account.name} is signed out everywhere.` });
      await load();
      onChanged();
    }, `Could not remove the ${what.toLowerCase()}`);
  }

  return (
    <section aria-label={`How ${account.name} signs in`} className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold">How {account.name} signs in</h3>
        <button type="button" className={secondaryButton} onClick={onClose}>Close</button>
      </div>
      <p className="text-stone-700">
        Remove anything {account.name} did not add or no longer has (a lost phone). If in doubt, make a new set-up link: using it ends every
        passkey and password below and signs the account out everywhere.
      </p>
      {pending && <ConfirmItsYou change="taking a way to sign in from another person" onConfirmed={() => void pending()} onCancel={cancel} />}
      {!credentials && <p role="status">Loading...</p>}
      {credentials && (
        <>
          <p>
            Password: <span className="font-semibold">{credentials.hasPassword ? "set" : "none"}</span>{" "}
            {credentials.hasPassword && (
              <button type="button" className={dangerButton} onClick={() => void remove(`${base}/password`, "Password")}>
                Clear password<span className="sr-only"> of {account.name}</span>
              </button>
            )}
          </p>
          {credentials.passkeys.length === 0 && <p>No passkeys.</p>}
          {credentials.passkeys.length > 0 && (
            <ul aria-label={`Passkeys of ${account.name}`} className="divide-y divide-stone-200 rounded-md border border-stone-200">
              {credentials.passkeys.map((passkey) => (
                <li key={passkey.id} className="flex flex-wrap items-center gap-3 p-2">
                  <div className="min-w-48 flex-1">
                    <p className="font-semibold">{passkey.label || "Passkey"}</p>
                    <p className="text-stone-700">Added {when(passkey.createdAt)}; {passkey.lastUsedAt ? `last used ${when(passkey.lastUsedAt)}` : "never used"}</p>
                  </div>
                  <button type="button" className={dangerButton} onClick={() => void remove(`${base}/passkeys/${encodeURIComponent(passkey.id)}`, "Passkey")}>
                    Remove<span className="sr-only"> passkey {passkey.label} of {account.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
