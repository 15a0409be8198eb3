// Courier delivery in the console: on each delivery order its courier's step, the driver's name, the
// tracking link and the fees; an alert above the orders when a courier cancelled or could not be
// sent (send a new courier, or refund from the order and mark it handled); and the owner's choice of
// how much of the courier's fee the customer pays (System tab).
import { useCallback, useEffect, useId, useState } from "react";
import { COURIER_STEP_WORDS, type StaffCourierView } from "../../domain/courierStatus";
import type { CourierFeePolicy } from "../../domain/courierFee";
import type { OrderView } from "../../domain/orderReadModel";
import { API_CHANGED_EVENT, apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed, inputClass, primaryButton, secondaryButton } from "./shared";

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Problem = StaffCourierView & { orderId: string };

async function act(orderId: string, action: "new_courier" | "acknowledge"): Promise<boolean> {
  try {
    await apiRequest(`/api/admin/orders/${encodeURIComponent(orderId)}/courier`, { body: { action } });
    toast({ title: action === "new_courier" ? "Courier requested" : "Marked handled", description: action === "new_courier" ? "DoorDash was asked for a new driver." : "The notice is cleared." });
    return true;
  } catch (error) {
    failed(action === "new_courier" ? "No new courier" : "Could not clear the notice", error);
    return false;
  }
}

function ProblemActions({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (action: "new_courier" | "acknowledge") => {
    setBusy(true);
    if (await act(orderId, action)) onDone();
    setBusy(false);
  };
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      <button type="button" className={primaryButton} disabled={busy} onClick={() => void run("new_courier")}>Send a new courier</button>
      <button type="button" className={secondaryButton} disabled={busy} onClick={() => void run("acknowledge")}>Handled (refunded or our own driver)</button>
    </div>
  );
}

/** The courier of one order on the board. */
export function OrderCourier({ order, onChanged }: { order: OrderView; onChanged: () => void }) {
  const courier = order.courier as StaffCourierView | null | undefined;
  if (!courier) return null;
  return (
    <div className={`my-2 rounded border p-2 text-sm ${courier.needsStaff ? "border-red-700 bg-red-50" : "border-stone-200"}`}>
      <p>
        <span className="font-semibold">DoorDash:</span> {COURIER_STEP_WORDS.en[courier.step]}
        {courier.driverName && ` · driver ${courier.driverName}`}
        {" · "}pickup {new Date(courier.pickupAt).toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" })}
        {courier.trackingUrl && (
          <>
            {" · "}
            <a className="underline" href={courier.trackingUrl} target="_blank" rel="noopener noreferrer">tracking</a>
          </>
        )}
      </p>
      <p className="text-stone-700">
        Fee: DoorDash {dollars(courier.courierFeeCents)}, customer paid {dollars(courier.customerFeeCents)}
        {courier.tipCents > 0 && `, driver's tip ${dollars(courier.tipCents)}`}
      </p>
      {courier.needsStaff && (
        <>
          <p role="alert" className="font-semibold text-red-800">
            {courier.state === "failed" ? `No courier could be sent (${courier.lastError ?? "DoorDash failed"}).` : `The courier cancelled (${courier.cancellationReason ?? "no reason given"}).`} Send a new courier or refund the order.
          </p>
          <ProblemActions orderId={order.orderId} onDone={onChanged} />
        </>
      )}
    </div>
  );
}

/** Above the orders: every delivery waiting on staff, whatever its day. */
export function CourierNotices({ onChanged }: { onChanged: () => void }) {
  const [problems, setProblems] = useState<Problem[]>([]);
  const load = useCallback(() => {
    apiRequest<{ configured: boolean; problems: Problem[] }>("/api/admin/couriers")
      .then((answer) => setProblems(answer.problems))
      .catch(() => setProblems([]));
  }, []);
  useEffect(() => {
    load();
    addEventListener(API_CHANGED_EVENT, load);
    return () => removeEventListener(API_CHANGED_EVENT, load);
  }, [load]);
  if (problems.length === 0) return null;
  return (
    <section role="alert" aria-label="Courier problems" className="rounded-lg border border-red-700 bg-red-50 p-4">
      <h3 className="font-semibold text-red-900">Courier deliveries need you</h3>
      <ul>
        {problems.map((problem) => (
          <li key={problem.orderId} className="mt-2 text-sm">
            {problem.state === "failed" ? "No courier could be sent" : "The courier cancelled"} for an order
            {problem.cancellationReason ? ` (${problem.cancellationReason})` : problem.lastError ? ` (${problem.lastError})` : ""}: send a new courier, or refund it from the order below.
            <ProblemActions orderId={problem.orderId} onDone={() => { load(); onChanged(); }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The owner's choice: how much of DoorDash's fee the customer pays. */
export function CourierSettings() {
  const modeId = useId();
  const amountId = useId();
  const [configured, setConfigured] = useState<boolean | null>(null);
  const [policy, setPolicy] = useState<CourierFeePolicy>({ mode: "all" });
  const [amount, setAmount] = useState("");
  useEffect(() => {
    apiRequest<{ configured: boolean; policy: CourierFeePolicy }>("/api/admin/couriers")
      .then((answer) => {
        setConfigured(answer.configured);
        setPolicy(answer.policy);
        setAmount(answer.policy.mode === "flat" ? (answer.policy.flatCents / 100).toFixed(2) : answer.policy.mode === "free_over" ? (answer.policy.overCents / 100).toFixed(2) : "");
      })
      .catch(() => setConfigured(null));
  }, []);
  async function save() {
    const cents = Math.round(Number(amount) * 100);
    const next: CourierFeePolicy = policy.mode === "flat" ? { mode: "flat", flatCents: cents } : policy.mode === "free_over" ? { mode: "free_over", overCents: cents } : { mode: "all" };
    try {
      await apiRequest("/api/admin/couriers", { method: "PUT", body: { policy: next } });
      toast({ title: "Courier fee saved", description: "New quotes use it." });
    } catch (error) {
      failed("Could not save the courier fee", error);
    }
  }
  return (
    <section aria-labelledby="courier-settings-heading" className="rounded-lg border border-stone-200 bg-white p-4">
      <h3 id="courier-settings-heading" className="mb-2 text-lg font-semibold">Courier delivery (DoorDash Drive)</h3>
      <p className="mb-2 text-sm text-stone-700">
        {configured === false ? "Not configured: delivery is by ZIP code at the flat fee (docs/couriers.md says how to add DoorDash's keys)." : "What the customer pays of DoorDash's fee; the restaurant pays the rest."}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={modeId} className="text-sm font-medium">Customer pays</label>
          <select id={modeId} className={inputClass} value={policy.mode} onChange={(event) => setPolicy({ mode: event.target.value } as CourierFeePolicy)}>
            <option value="all">All of the fee</option>
            <option value="flat">A flat part</option>
            <option value="free_over">Nothing over an order amount</option>
          </select>
        </div>
        {policy.mode !== "all" && (
          <div>
            <label htmlFor={amountId} className="text-sm font-medium">{policy.mode === "flat" ? "Flat part ($)" : "Free from a subtotal of ($)"}</label>
            <input id={amountId} className={inputClass} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </div>
        )}
        <button type="button" className={primaryButton} onClick={() => void save()}>Save courier fee</button>
      </div>
    </section>
  );
}
