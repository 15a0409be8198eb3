// The owner's Staff tab: add people and pass on their set-up links, disable and re-enable accounts (a
// re-enabled person sets up again with a new link), change roles, and see and remove how each account
// signs in (./AccountCredentials). Each hand-over asks "Confirm it is you" when the sign-in is older than
// 5 minutes, then goes on; an owner's set-up link is e-mailed to them only, never shown here.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../domain/staffRoles";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { AccountCredentials } from "./AccountCredentials";
import { ConfirmItsYou, useFreshProof } from "./ConfirmItsYou";
import { Badge, dangerButton, failed, inputClass, primaryButton, secondaryButton } from "./shared";
import { when, type Account, type SetupLink } from "./staffViews";

function LinkToPassOn({ name, email, link }: { name: string; email: string; link: SetupLink }) {
  const path = link.path;
  if (!path) {
    return (
      <div role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-sm">
        <p className="font-semibold">Set-up link for {name} e-mailed to {email} (one use, until {when(link.expiresAt)}).</p>
        <p className="mt-1">For an owner's account the link is only sent by e-mail, never shown here.</p>
      </div>
    );
  }
  const url = `${location.origin}${path}`;
  return (
    <div role="status" className="rounded-md border border-green-700 bg-green-50 p-3 text-sm">
      <p className="font-semibold">Set-up link for {name} (one use, until {when(link.expiresAt)}):</p>
      <p className="mt-1">
        {link.emailed
          ? `E-mailed to ${email}. You can also pass it on yourself:`
          : "Not e-mailed: mail is not set up on this site. Pass it on to them yourself:"}
      </p>
      <p className="mt-1 break-all font-mono">{url}</p>
      <button type="button" className={`${secondaryButton} mt-2`} onClick={() => void navigator.clipboard?.writeText(url).then(() => toast({ title: "Link copied" }))}>
        Copy link
      </button>
    </div>
  );
}

export function StaffAccountsTab() {
  const id = useId();
  const [accounts, setAccounts] = useState<Account[] | null>(null);
  const [form, setForm] = useState({ name: "", email: "", role: "staff" as StaffRole });
  const [sending, setSending] = useState(false);
  const [link, setLink] = useState<{ name: string; email: string; link: SetupLink } | null>(null);
  const [showing, setShowing] = useState<Account | null>(null);
  const [pending, attempt, cancel] = useFreshProof();

  const load = useCallback(async () => {
    try {
      setAccounts((await apiRequest<{ accounts: Account[] }>("/api/admin/staff")).accounts);
    } catch (error) {
      failed("Could not load staff accounts", error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function add(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    await attempt(async () => {
      const answer = await apiRequest<{ account: Account; setupLink: SetupLink }>("/api/admin/staff", { method: "POST", body: form });
      setLink({ name: answer.account.name, email: answer.account.email, link: answer.setupLink });
      setForm({ name: "", email: "", role: "staff" });
      const description = answer.setupLink.emailed
        ? `The set-up link is e-mailed to ${answer.account.email}.`
        : `Pass the set-up link on to ${answer.account.name}: it was not e-mailed.`;
      toast({ title: "Account added", description });
      await load();
    }, "Could not add the account");
    setSending(false);
  }

  async function change(account: Account, body: Partial<Pick<Account, "role" | "disabled">>) {
    await attempt(async () => {
      const answer = await apiRequest<{ account: Account; setupLink?: SetupLink }>(`/api/admin/staff/${account.id}`, { method: "PATCH", body });
      // Re-enabled: the person sets up again with a new link (disabling ended their passkeys and password).
      if (answer.setupLink) setLink({ name: account.name, email: account.email, link: answer.setupLink });
      const description = body.disabled
        ? `${account.name} is signed out everywhere, and their passkeys and password are ended.`
        : answer.setupLink
          ? `${account.name} sets up again with the new set-up link.`
          : `${account.name} is updated.`;
      toast({ title: "Account updated", description });
      await load();
    }, "Could not update the account");
  }

  async function newLink(account: Account) {
    await attempt(async () => {
      const { setupLink } = await apiRequest<{ setupLink: SetupLink }>(`/api/admin/staff/${account.id}/setup-link`, { method: "POST" });
      setLink({ name: account.name, email: account.email, link: setupLink });
    }, "Could not make a set-up link");
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={add} aria-label="Add a person" className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4">
        <div>
          <label htmlFor={`${id}-name`} className="text-sm font-medium">Name</label>
          <input id={`${id}-name`} className={inputClass} required maxLength={80} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">E-mail</label>
          <input id={`${id}-email`} type="email" className={inputClass} required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-role`} className="text-sm font-medium">Role</label>
          <select id={`${id}-role`} className={inputClass} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value as StaffRole })}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>{ROLE_LABELS[role]}</option>
            ))}
          </select>
        </div>
        <button type="submit" className={primaryButton} disabled={sending || !form.name.trim() || !form.email.trim()}>
          {sending ? "Adding..." : "Add person"}
        </button>
      </form>
      {pending && <ConfirmItsYou change="handing over an account" onConfirmed={() => void pending()} onCancel={cancel} />}
      {link && <LinkToPassOn name={link.name} email={link.email} link={link.link} />}
      {!accounts && <p role="status">Loading staff accounts...</p>}
      {accounts && (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Staff accounts</caption>
          <thead>
            <tr className="border-b border-stone-300"><th className="p-2">Name</th><th className="p-2">E-mail</th><th className="p-2">Role</th><th className="p-2">Signs in with</th><th className="p-2">Actions</th></tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id} className="border-b border-stone-200">
                <td className="p-2 font-semibold">{account.name} {account.disabled && <Badge tone="grey">Disabled</Badge>}</td>
                <td className="p-2">{account.email}</td>
                <td className="p-2">{account.role === "owner" ? "Owner" : "Staff"}</td>
                <td className="p-2">
                  {[account.passkeys > 0 ? `${account.passkeys} passkey${account.passkeys > 1 ? "s" : ""}` : "", account.hasPassword ? "password" : ""].filter(Boolean).join(", ") || "not set up yet"}
                </td>
                <td className="flex flex-wrap gap-2 p-2">
                  {account.disabled ? (
                    <button type="button" className={secondaryButton} onClick={() => void change(account, { disabled: false })}>
                      Enable<span className="sr-only"> {account.name}</span>
                    </button>
                  ) : (
                    <>
                      <button type="button" className={dangerButton} onClick={() => void change(account, { disabled: true })}>
                        Disable<span className="sr-only"> {account.name}</span>
                      </button>
                      <button type="button" className={secondaryButton} onClick={() => void newLink(account)}>
                        New set-up link<span className="sr-only"> for {account.name}</span>
                      </button>
                    </>
                  )}
                  <button type="button" className={secondaryButton} onClick={() => setShowing(account)}>
                    Sign-in methods<span className="sr-only"> of {account.name}</span>
                  </button>
                  <button type="button" className={secondaryButton} onClick={() => void change(account, { role: account.role === "owner" ? "staff" : "owner" })}>
                    {account.role === "owner" ? "Make staff" : "Make owner"}<span className="sr-only"> {account.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {showing && <AccountCredentials key={showing.id} account={showing} onChanged={() => void load()} onClose={() => setShowing(null)} />}
    </div>
  );
}
