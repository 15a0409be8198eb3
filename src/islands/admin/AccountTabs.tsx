// The console's people: the Staff tab (the owner adds, disables and re-enables accounts and passes on
// set-up links), the Activity tab (every change, filtered by person, kind and day) and the Sessions tab
// (where one is signed in, with "sign out everywhere", and one's passkeys).
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "../../domain/staffRoles";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { ACTIVITY_GROUPS, actionLabel, type ActivityRow } from "../../domain/staffActivity";
import { apiRequest } from "../../lib/api";
import { browserSupportsWebAuthn, deviceLabel, registerPasskey } from "../../lib/passkeys";
import { toast } from "../../stores/toasts";
import { Badge, dangerButton, failed, inputClass, primaryButton, secondaryButton } from "./shared";

interface Account {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  hasPassword: boolean;
  passkeys: number;
}

interface SetupLink {
  path: string;
  expiresAt: string;
  /** Queued by e-mail to the person (mail is configured); otherwise the owner passes it on. */
  emailed: boolean;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

function LinkToPassOn({ name, email, link }: { name: string; email: string; link: SetupLink }) {
  const url = `${location.origin}${link.path}`;
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
    try {
      const answer = await apiRequest<{ account: Account; setupLink: SetupLink }>("/api/admin/staff", { method: "POST", body: form });
      setLink({ name: answer.account.name, email: answer.account.email, link: answer.setupLink });
      setForm({ name: "", email: "", role: "staff" });
      const description = answer.setupLink.emailed
        ? `The set-up link is e-mailed to ${answer.account.email}.`
        : `Pass the set-up link on to ${answer.account.name}: it was not e-mailed.`;
      toast({ title: "Account added", description });
      await load();
    } catch (error) {
      failed("Could not add the account", error);
    } finally {
      setSending(false);
    }
  }

  async function change(account: Account, body: Partial<Pick<Account, "role" | "disabled">>) {
    try {
      await apiRequest(`/api/admin/staff/${account.id}`, { method: "PATCH", body });
      toast({ title: "Account updated", description: body.disabled ? `${account.name} is signed out everywhere.` : `${account.name} is updated.` });
      await load();
    } catch (error) {
      failed("Could not update the account", error);
    }
  }

  async function newLink(account: Account) {
    try {
      const { setupLink } = await apiRequest<{ setupLink: SetupLink }>(`/api/admin/staff/${account.id}/setup-link`, { method: "POST" });
      setLink({ name: account.name, email: account.email, link: setupLink });
    } catch (error) {
      failed("Could not make a set-up link", error);
    }
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
                  <button type="button" className={secondaryButton} onClick={() => void change(account, { role: account.role === "owner" ? "staff" : "owner" })}>
                    {account.role === "owner" ? "Make staff" : "Make owner"}<span className="sr-only"> {account.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}


/** The "What" filter: everything, or one group of actions (src/domain/staffActivity.ts). */
const ACTION_KINDS: readonly (readonly [string, string])[] = [
  ["", "Everything"],
  ...Object.entries(ACTIVITY_GROUPS).map(([value, group]) => [value, group.label] as const),
];

const shown = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export function ActivityTab() {
  const id = useId();
  const [accounts, setAccounts] = useState<Account[]>([]);
  const [filter, setFilter] = useState({ account: "", action: "", from: "", to: "" });
  const [entries, setEntries] = useState<ActivityRow[] | null>(null);

  useEffect(() => {
    apiRequest<{ accounts: Account[] }>("/api/admin/staff").then((answer) => setAccounts(answer.accounts), (error) => failed("Could not load staff accounts", error));
  }, []);

  useEffect(() => {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value));
    setEntries(null);
    apiRequest<{ entries: ActivityRow[] }>(`/api/admin/activity?${query}`).then((answer) => setEntries(answer.entries), (error) => failed("Could not load the activity", error));
  }, [filter]);

  return (
    <div className="flex flex-col gap-4">
      <form aria-label="Filter the activity" className="flex flex-wrap items-end gap-3" onSubmit={(event) => event.preventDefault()}>
        <div>
          <label htmlFor={`${id}-who`} className="text-sm font-medium">Who</label>
          <select id={`${id}-who`} className={inputClass} value={filter.account} onChange={(e) => setFilter({ ...filter, account: e.target.value })}>
            <option value="">Everyone</option>
            {accounts.map((account) => <option key={account.id} value={account.id}>{account.name}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-what`} className="text-sm font-medium">What</label>
          <select id={`${id}-what`} className={inputClass} value={filter.action} onChange={(e) => setFilter({ ...filter, action: e.target.value })}>
            {ACTION_KINDS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-from`} className="text-sm font-medium">From</label>
          <input id={`${id}-from`} type="date" className={inputClass} value={filter.from} onChange={(e) => setFilter({ ...filter, from: e.target.value })} />
        </div>
        <div>
          <label htmlFor={`${id}-to`} className="text-sm font-medium">To</label>
          <input id={`${id}-to`} type="date" className={inputClass} value={filter.to} onChange={(e) => setFilter({ ...filter, to: e.target.value })} />
        </div>
      </form>
      {!entries && <p role="status">Loading the activity...</p>}
      {entries && entries.length === 0 && <p>Nothing matches these filters.</p>}
      {entries && entries.length > 0 && (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Activity, newest first</caption>
          <thead>
            <tr className="border-b border-stone-300"><th className="p-2">When</th><th className="p-2">Who</th><th className="p-2">What</th><th className="p-2">Of</th><th className="p-2">Before</th><th className="p-2">After</th></tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-b border-stone-200 align-top">
                <td className="whitespace-nowrap p-2">{when(entry.at)}</td>
                <td className="p-2">{entry.actor}</td>
                <td className="p-2">
                  {actionLabel(entry.action)} <span className="block font-mono text-xs text-stone-600">{entry.action}</span>
                </td>
                <td className="p-2">{entry.target}</td>
                <td className="max-w-64 break-all p-2 font-mono text-xs">{shown(entry.before)}</td>
                <td className="max-w-64 break-all p-2 font-mono text-xs">{shown(entry.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

interface SessionView {
  id: string;
  current: boolean;
  method: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export function SessionsTab({ onSignedOut }: { onSignedOut: () => void }) {
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const load = useCallback(async () => {
    try {
      setSessions((await apiRequest<{ sessions: SessionView[] }>("/api/admin/sessions")).sessions);
    } catch (error) {
      failed("Could not load your sessions", error);
    }
  }, []);
  useEffect(() => void load(), [load]);

  async function end(session: SessionView) {
    try {
      await apiRequest(`/api/admin/sessions/${session.id}`, { method: "DELETE" });
      if (session.current) onSignedOut();
      else await load();
    } catch (error) {
      failed("Could not end the session", error);
    }
  }

  async function everywhere() {
    try {
      await apiRequest("/api/admin/sessions", { method: "DELETE" });
      toast({ title: "Signed out everywhere" });
      onSignedOut();
    } catch (error) {
      failed("Could not sign out everywhere", error);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">Where you are signed in. A session ends after 12 hours without use, and 7 days after signing in.</p>
      {!sessions && <p role="status">Loading your sessions...</p>}
      {sessions && (
        <ul aria-label="Your sessions" className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-48 flex-1">
                <p className="font-semibold">{session.userAgent || "Unknown browser"} {session.current && <Badge tone="green">This browser</Badge>}</p>
                <p className="text-stone-700">Signed in {when(session.createdAt)} with {session.method === "passkey" ? "a passkey" : "a password"}; last used {when(session.lastSeenAt)}</p>
              </div>
              <button type="button" className={secondaryButton} onClick={() => void end(session)}>Sign out<span className="sr-only"> this session</span></button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <button type="button" className={dangerButton} onClick={() => void everywhere()}>Sign out everywhere</button>
      </div>
      <PasskeysSection />
    </div>
  );
}

interface PasskeyView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The signed-in person's passkeys: add one for this device, remove a lost one. */
export function PasskeysSection() {
  const [passkeys, setPasskeys] = useState<PasskeyView[] | null>(null);
  const [adding, setAdding] = useState(false);
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
    try {
      const added = await registerPasskey<{ passkey: PasskeyView }>("/api/admin/passkeys/options", "/api/admin/passkeys", deviceLabel());
      if (added) {
        toast({ title: "Passkey added", description: `${added.passkey.label}: sign in with it next time.` });
        await load();
      }
    } catch (error) {
      failed("Could not add the passkey", error);
    } finally {
      setAdding(false);
    }
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
      <p className="text-sm text-stone-700">A passkey signs you in with this device's fingerprint, face or screen lock: nothing to type, nothing to guess. Add one on each device you use.</p>
      {passkeys && passkeys.length === 0 && <p>No passkey yet.</p>}
      {passkeys && passkeys.length > 0 && (
        <ul aria-label="Your passkeys" className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-48 flex-1">
                <p className="font-semibold">{passkey.label || "Passkey"}</p>
                <p className="text-stone-700">Added {when(passkey.createdAt)}{passkey.lastUsedAt ? `; last used ${when(passkey.lastUsedAt)}` : ""}</p>
              </div>
              <button type="button" className={secondaryButton} onClick={() => void remove(passkey)}>Remove<span className="sr-only"> passkey {passkey.label}</span></button>
            </li>
          ))}
        </ul>
      )}
      {browserSupportsWebAuthn() && (
        <div>
          <button type="button" className={primaryButton} onClick={() => void add()} disabled={adding}>{adding ? "Adding..." : "Add a passkey on this device"}</button>
        </div>
      )}
    </section>
  );
}
