// The owner's Go live tab: every outside service the site needs, checked now by the server (GET
// /api/admin/golive), one line each, green (working, with when it was last seen working), amber
// (optional, not set) or red (needs attention), with what to do, a link to the guide and, where the
// console can do it, the button (a test e-mail, registering a hostname for Apple Pay, ticking off a
// manual step). The banner on the console's home says so until every required line is green.
import { useCallback, useEffect, useState } from "react";
import { GO_LIVE_GROUPS, type GoLiveAction, type GoLiveLine, type GoLiveReport, type GoLiveStatus } from "../../domain/goLive";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { Badge, failed, primaryButton, secondaryButton } from "./shared";

const TONE: Record<GoLiveStatus, "green" | "yellow" | "red"> = { green: "green", amber: "yellow", red: "red" };
const LABEL: Record<GoLiveStatus, string> = { green: "Working", amber: "Optional", red: "Needs attention" };
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

function useGoLiveReport() {
  const [report, setReport] = useState<GoLiveReport | null>(null);
  const [checking, setChecking] = useState(false);
  const check = useCallback(async () => {
    setChecking(true);
    try {
      setReport(await apiRequest<GoLiveReport>("/api/admin/golive"));
    } catch (error) {
      failed("Could not run the go-live checks", error);
    } finally {
      setChecking(false);
    }
  }, []);
  useEffect(() => void check(), [check]);
  return { report, checking, check };
}

const waitingCount = (report: GoLiveReport) => report.lines.filter((line) => line.required && line.status !== "green").length;

/** On the console's home: shown until every required line of the checklist is green. */
export function GoLiveBanner({ onOpen }: { onOpen: () => void }) {
  const { report } = useGoLiveReport();
  if (!report || report.ready) return null;
  const waiting = waitingCount(report);
  return (
    <section aria-label="Going live" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-orange-300 bg-orange-50 p-4 text-orange-950">
      <p className="text-sm">
        <span className="font-semibold">Not ready to go live yet:</span> {waiting} required {waiting === 1 ? "item needs" : "items need"} attention.
      </p>
      <button type="button" className={primaryButton} onClick={onOpen}>Open the Go live checklist</button>
    </section>
  );
}

function ActionButton({ action, busy, run }: { action: GoLiveAction; busy: boolean; run: (action: GoLiveAction) => void }) {
  const label =
    action.kind === "send-test-email" ? "Send me a test e-mail"
    : action.kind === "register-apple-pay" ? `Register ${action.domainName}`
    : action.done ? "Mark as done"
    : "Mark as not done";
  return (
    <button type="button" className={action.kind === "mark-done" && !action.done ? secondaryButton : primaryButton} disabled={busy} onClick={() => run(action)}>
      {label}
    </button>
  );
}

function Line({ line, busy, run }: { line: GoLiveLine; busy: boolean; run: (action: GoLiveAction) => void }) {
  return (
    <li aria-label={line.title} className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">
          {line.title}
          {!line.required && <span className="ml-2 text-xs font-normal text-stone-700">(optional)</span>}
        </h4>
        <Badge tone={TONE[line.status]}>{LABEL[line.status]}</Badge>
      </div>
      <p className="mt-1 text-sm">{line.detail}</p>
      {line.lastSeenWorking && <p className="text-sm text-stone-700">Last seen working: {when(line.lastSeenWorking)}</p>}
      <p className="mt-1 text-sm text-stone-800">
        <span className="font-medium">What to do:</span> {line.todo}{" "}
        <a className="text-brand-700 underline" href={line.docs} target="_blank" rel="noopener">How, in the guide</a>
      </p>
      {line.action && (
        <div className="mt-2">
          <ActionButton action={line.action} busy={busy} run={run} />
        </div>
      )}
    </li>
  );
}

export function GoLiveTab() {
  const { report, checking, check } = useGoLiveReport();
  const [busy, setBusy] = useState(false);

  async function run(action: GoLiveAction) {
    setBusy(true);
    try {
      if (action.kind === "send-test-email") {
        const { recipient } = await apiRequest<{ recipient: string }>("/api/admin/golive/test-email", { method: "POST" });
        toast({ title: "Test E-mail Sent", description: `On its way to ${recipient} through the outbox.` });
        // The worker sends it within seconds; the outbox line then shows it.
        await new Promise((resolve) => setTimeout(resolve, 3000));
      } else if (action.kind === "register-apple-pay") {
        await apiRequest("/api/admin/apple-pay/domains", { method: "POST", body: { domainName: action.domainName } });
        toast({ title: "Domain Registered", description: `${action.domainName} is registered with Square for Apple Pay.` });
      } else {
        await apiRequest(`/api/admin/golive/steps/${action.step}`, { method: "PUT", body: { done: action.done } });
      }
      await check();
    } catch (error) {
      failed("That did not work", error);
    } finally {
      setBusy(false);
    }
  }

  const required = report?.lines.filter((line) => line.required) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">Go live</h2>
          <p className="text-sm text-stone-700">
            Each outside service the site needs, tested for real (nothing is charged, sent or changed, except the test e-mail you ask for).{" "}
            <a className="text-brand-700 underline" href="/admin/go-live-guide" target="_blank" rel="noopener">Read the go-live guide</a>
          </p>
        </div>
        <button type="button" className={secondaryButton} onClick={() => void check()} disabled={checking}>
          {checking ? "Checking..." : "Check again"}
        </button>
      </div>
      {!report ? (
        <p role="status">Checking every service (up to 10 seconds)...</p>
      ) : (
        <>
          <p role="status" className={`rounded-md border p-3 text-sm ${report.ready ? "border-green-300 bg-green-50 text-green-950" : "border-orange-300 bg-orange-50 text-orange-950"}`}>
            {report.ready
              ? "Ready to go live: every required line is green."
              : `${required.length - waitingCount(report)} of ${required.length} required lines are green.`}{" "}
            Checked {when(report.checkedAt)}.
          </p>
          {GO_LIVE_GROUPS.map((group) => {
            const lines = report.lines.filter((line) => line.group === group);
            if (lines.length === 0) return null;
            return (
              <section key={group} aria-label={group}>
                <h3 className="mb-2 text-lg font-semibold">{group}</h3>
                <ul className="flex flex-col gap-3">
                  {lines.map((line) => (
                    <Line key={line.id} line={line} busy={busy} run={(action) => void run(action)} />
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
