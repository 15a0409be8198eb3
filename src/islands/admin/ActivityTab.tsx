// The owner's Activity tab: every change staff made (and the sign-in guard's alarms), filtered by person,
// kind and day, newest first.
import { useEffect, useId, useState } from "react";
import { ACTIVITY_GROUPS, actionLabel, type ActivityRow } from "../../domain/staffActivity";
import { apiRequest } from "../../lib/api";
import { failed, inputClass } from "./shared";
import { when, type Account } from "./staffViews";

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
