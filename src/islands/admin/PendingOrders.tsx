// The orders left pending for minutes, above the Orders tab's list: checked with Square or released.
import { useCallback, useEffect, useState } from "react";
import type { AttentionView } from "../../domain/orderReadModel";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { capitalised, failed, money, secondaryButton } from "./shared";

/** GET /api/admin/orders?attention: an order left pending for minutes, with what the server knows. */
type PendingOrder = AttentionView;

/**
 * Orders pending for more than 5 minutes: the card may have been charged without the
 * confirmation being stored. "Check with Square" asks the payment provider and confirms the order
 * only if it was charged; it never charges. "Release its time" asks the same, and when nothing was
 * charged ends the order and gives its kitchen slot back.
 */
export function PendingOrders({ onConfirmed }: { onConfirmed: () => void }) {
  const [pending, setPending] = useState<PendingOrder[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const load = useCallback(() => {
    apiRequest<{ orders: PendingOrder[] }>("/api/admin/orders?attention")
      .then((answer) => setPending(answer.orders))
      .catch((error) => failed("Could not load orders needing attention", error));
  }, []);
  useEffect(load, [load]);

  async function check(order: PendingOrder, action: "reconcile" | "release") {
    setBusy(order.orderId);
    try {
      const answer = await apiRequest<{ outcome: string }>(`/api/admin/orders/${order.orderId}/${action}`, { method: "POST" });
      const confirmed = answer.outcome === "confirmed" || answer.outcome === "already-paid";
      const result = confirmed ? "paid, now confirmed" : answer.outcome === "released" ? "no charge found, released: its time slot is free again" : "no charge found";
      toast({ title: action === "release" ? "Order Released" : "Order Checked", description: `Order #${order.orderNumber}: ${result}.` });
      load();
      if (confirmed) onConfirmed();
    } catch (error) {
      failed("Check failed", error);
    } finally {
      setBusy(null);
    }
  }

  if (pending.length === 0) return null;
  return (
    <section aria-labelledby="attention-heading" className="rounded-lg border border-orange-300 bg-orange-50 p-4">
      <h3 id="attention-heading" className="text-lg font-semibold">Needs attention: {pending.length} unfinished order{pending.length === 1 ? "" : "s"}</h3>
      <ul className="mt-2 flex flex-col gap-3">
        {pending.map((order) => (
          <li key={order.orderId} aria-label={`Pending order #${order.orderNumber}`} className="text-sm">
            <p className="font-semibold">
              Order #{order.orderNumber} · {money(order.total)} · pending {order.minutesPending} min
            </p>
            <p>{capitalised(order.orderType)} · {order.customerInfo.name} · {order.customerInfo.phone} · {order.customerInfo.email}</p>
            <p>{order.summary}</p>
            {order.lastError && <p className="text-stone-700">Last error ({order.lastError.status}): {order.lastError.message}</p>}
            <div className="mt-1 flex flex-wrap gap-2">
              <button type="button" className={secondaryButton} disabled={busy === order.orderId} onClick={() => void check(order, "reconcile")}>
                Check with Square
              </button>
              <button type="button" className={secondaryButton} disabled={busy === order.orderId} onClick={() => void check(order, "release")}>
                Release its time
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
