// The console's home summary: the stat cards and the Square status panel (with its connection test).
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { Badge, secondaryButton, type SquareStatus } from "./shared";

export function StatCard({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-stone-700">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
    </div>
  );
}

function statusTone(status: SquareStatus | null) {
  if (!status) return "grey" as const;
  if (status.apiWorking) return "green" as const;
  return status.credentialsConfigured ? ("red" as const) : ("orange" as const);
}

export function StatusPanel({ status, onTest, testing }: { status: SquareStatus | null; onTest: () => void; testing: boolean }) {
  return (
    <section aria-labelledby="api-status-heading" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="api-status-heading" className="text-lg font-semibold">API status</h2>
        <Badge tone={statusTone(status)}>{status?.status ?? "Checking..."}</Badge>
      </div>
      {status && (
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          {(
            [
              ["Credentials", status.credentialsConfigured ? "Configured" : "Missing"],
              ["Service", status.serviceAvailable ? "Available" : "Unavailable"],
              ["API", status.apiWorking ? "Working" : "Not working"],
              ["Environment", status.environment],
              ["Method", status.method],
              ["Sync", status.syncFrequency],
              ["Locations", String(status.locationCount)],
              ["Last check", new Date(status.lastCheck).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE })],
            ] as const
          ).map(([term, value]) => (
            <div key={term} className="flex gap-2">
              <dt className="text-stone-700">{term}:</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      {status?.lastError && <p className="mt-2 text-sm text-red-800">{status.lastError}</p>}
      <button type="button" className={`${secondaryButton} mt-3`} onClick={onTest} disabled={testing}>
        {testing ? "Testing..." : "Test Connection"}
      </button>
    </section>
  );
}
