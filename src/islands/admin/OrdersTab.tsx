// The Orders tab: today's orders, newest first, filtered by status, moved along or cancelled, with the
// orders that need attention, couriers and refunds above and beside them.
import { useCallback, useEffect, useId, useState } from "react";
import { choiceText } from "../../domain/dishOptions";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { ORDER_STATUSES, statusTone, type OrderView } from "../../domain/orderReadModel";
import { canCancel, nextStatus } from "../../domain/orderStatusFlow";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { OrderPayment, type StaffOrderView } from "./OrderRefunds";
import { Badge, capitalised, dangerButton, failed, inputClass, money, primaryButton, secondaryButton } from "./shared";
import { UpcomingOrders } from "./UpcomingOrders";
import { CourierNotices, OrderCourier } from "./CourierPanel";
import { PendingOrders } from "./PendingOrders";

const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });

export function OrdersTab() {
  const filterId = useId();
  const [orders, setOrders] = useState<StaffOrderView[] | null>(null);
  /** A paid order just cancelled: its refund form opens with what is left to refund. */
  const [refundOffer, setRefundOffer] = useState<string | null>(null);
  const [date, setDate] = useState("");
  const [filter, setFilter] = useState("all");
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    apiRequest<{ date: string; orders: StaffOrderView[] }>("/api/admin/orders")
      .then((answer) => {
        setOrders(answer.orders);
        setDate(answer.date);
      })
      .catch((error) => failed("Could not load today's orders", error));
  }, []);
  useEffect(load, [load]);

  function replace(updated: StaffOrderView) {
    setOrders((current) => current?.map((entry) => (entry.orderId === updated.orderId ? updated : entry)) ?? null);
  }

  async function move(order: OrderView, status: (typeof ORDER_STATUSES)[number]) {
    setBusy(order.orderId);
    try {
      const updated = await apiRequest<StaffOrderView>(`/api/admin/orders/${order.orderId}`, { method: "PATCH", body: { status } });
      replace(updated);
      toast({ title: "Order Updated", description: `Order #${order.orderNumber} is ${status}.` });
      if (status === "cancelled" && (updated.staff?.refundable ?? 0) > 0) setRefundOffer(updated.orderId);
    } catch (error) {
      failed("Update failed", error);
    } finally {
      setBusy(null);
    }
  }

  if (!orders) return <p role="status">Loading today's orders...</p>;
  const shown = filter === "all" ? orders : orders.filter((order) => order.status === filter);
  return (
    <div className="flex flex-col gap-4">
      <PendingOrders onConfirmed={load} />
      <CourierNotices onChanged={load} />
      <UpcomingOrders />
      <div className="flex flex-wrap items-end gap-4">
        <p className="text-sm text-stone-700">
          Orders of {date} (Miami), newest first: {orders.length} in all.
        </p>
        <div>
          <label htmlFor={filterId} className="text-sm font-medium">Status</label>
          <select id={filterId} className={inputClass} value={filter} onChange={(event) => setFilter(event.target.value)}>
            <option value="all">All</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>{capitalised(status)}</option>
            ))}
          </select>
        </div>
        <button type="button" className={secondaryButton} onClick={load}>Refresh</button>
      </div>
      {shown.length === 0 && <p>No orders{filter === "all" ? " yet today" : ` that are ${filter}`}.</p>}
      <ul className="flex flex-col gap-4">
        {shown.map((order) => {
          const next = nextStatus(order.status);
          return (
            <li key={order.orderId} className="rounded-lg border border-stone-200 bg-white p-4" aria-label={`Order #${order.orderNumber}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-lg font-semibold">
                  Order #{order.orderNumber} <span className="text-sm font-normal text-stone-700">at {clock(order.createdAt)}{order.promisedAt && ` · ${order.estimatedReadyTime}`}</span>
                </h3>
                <Badge tone={statusTone(order.status)}>{capitalised(order.status)}</Badge>
              </div>
              <p className="text-sm text-stone-700">
                {capitalised(order.orderType)} · {order.customerInfo.name} · {order.customerInfo.phone} · {order.customerInfo.email}
              </p>
              {/* The order itself reads in English; staff greet and call the customer knowing their language. */}
              {order.locale === "es" && <p className="text-sm font-semibold text-stone-800">Customer language: Spanish</p>}
              {order.deliveryInfo && (
                <p className="text-sm text-stone-700">
                  Deliver to {order.deliveryInfo.address}, {order.deliveryInfo.city} {order.deliveryInfo.zipCode}
                  {order.deliveryInfo.notes && ` (${order.deliveryInfo.notes})`}
                </p>
              )}
              <OrderCourier order={order} onChanged={load} />
              <ul className="my-2 text-sm">
                {order.items.map((line, index) => (
                  <li key={index}>
                    {line.quantity} × {line.name} <span className="text-stone-700">{money(line.price * line.quantity)}</span>
                    {line.options && line.options.length > 0 && <span className="block pl-4">{choiceText(line.options)}</span>}
                    {line.note && <span className="block pl-4 font-semibold">Note: {line.note}</span>}
                  </li>
                ))}
              </ul>
              {order.note && (
                <p className="text-sm">
                  <span className="font-semibold">Customer note:</span> {order.note}
                </p>
              )}
              {order.tip > 0 && <p className="text-sm">Tip {money(order.tip)}</p>}
              <p className="text-sm font-semibold">Total {money(order.total)}</p>
              <OrderPayment
                order={order}
                offerReason={refundOffer === order.orderId ? "Order cancelled" : null}
                onChanged={replace}
              />
              <div className="mt-3 flex flex-wrap gap-2">
                {next && (
                  <button type="button" className={primaryButton} disabled={busy === order.orderId} onClick={() => void move(order, next)}>
                    Mark {next}<span className="sr-only"> (order #{order.orderNumber})</span>
                  </button>
                )}
                {canCancel(order.status) && (
                  <button type="button" className={dangerButton} disabled={busy === order.orderId} onClick={() => void move(order, "cancelled")}>
                    Cancel order<span className="sr-only"> #{order.orderNumber}</span>
                  </button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
