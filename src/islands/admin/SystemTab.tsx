// The System tab: where the site keeps its records and pictures, Square's state and quick actions,
// Apple Pay's domain, the couriers' settings and the site's budgets of texts and sign-in links.
import { ApplePaySettings } from "./ApplePaySettings";
import { CourierSettings } from "./CourierPanel";
import { SiteBudgetsSettings } from "./SiteBudgets";
import { capitalised, primaryButton, secondaryButton, type SquareStatus } from "./shared";

export function SystemTab({ status, onSync, onTest }: { status: SquareStatus | null; onSync: () => void; onTest: () => void }) {
  const rows: [string, string][] = [
    ["Environment", status ? capitalised(status.environment) : "Checking..."],
    ["Database", "Netlify Database (menu, orders, messages, hours, locations, sessions)"],
    ["Object storage", "Netlify Blobs (images), served through the Netlify Image CDN"],
    ["Payment processing", status?.status ?? "Checking..."],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-2">
        {rows.map(([term, value]) => (
          <div key={term} className="rounded-lg border border-stone-200 bg-white p-4">
            <dt className="text-sm text-stone-700">{term}</dt>
            <dd className="font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="quick-actions-heading">
        <h3 id="quick-actions-heading" className="mb-3 text-lg font-semibold">Quick actions</h3>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={primaryButton} onClick={onSync}>Sync menu from Square</button>
          <button type="button" className={secondaryButton} onClick={onTest}>Test Square connection</button>
          <a className={secondaryButton} href="/full-menu" target="_blank" rel="noopener">View the public menu</a>
        </div>
      </section>
      <ApplePaySettings />
      <CourierSettings />
      <SiteBudgetsSettings />
    </div>
  );
}
