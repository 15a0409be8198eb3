// Below the board, folded: every paid order of today (Miami), newest first, filtered by status, with
// its payment and refunds (a partial refund is made here). Read when opened, and on Refresh.
import { useCallback, useId, useState } from "react";
import { choiceText } from "../../domain/dishOptions";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { ORDER_STATUSES, statusTone } from "../../domain/orderReadModel";
import { apiRequest } from "../../lib/api";
import { OrderPayment, type StaffOrderView } from "./OrderRefunds";
import { Badge, capitalised, failed, inputClass, money, secondaryButton } from "./shared";

const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });

export function TodaysOrders() {
  const filterId = useId();
  const [orders, setOrders] = useState<StaffOrderView[] | null>(null);
  const [date, setDate] = useState("");
  const [filter, setFilter] = useState("all");

  const load = useCallback(() => {
    apiRequest<{ date: string; orders: StaffOrderView[] }>("/api/admin/orders")
      .then((answer) => {
        setOrders(answer.orders);
        setDate(answer.date);
      })
      .catch((error) => failed("Could not load today's orders", error));
  }, []);

  function replace(updated: StaffOrderView) {
    setOrders((current) => current?.map((entry) => (entry.orderId === updated.orderId ? updated : entry)) ?? null);
  }

  const shown = (orders ?? []).filter((order) => filter === "all" || order.status === filter);
  return (
    <details className="rounded-lg border border-stone-200 bg-white p-4" onToggle={(event) => (event.currentTarget.open && !orders ? load() : undefined)}>
      <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold">All of today's orders, payments and refunds</summary>
      {orders === null ? (
        <p role="status">Loading today's orders...</p>
      ) : (
        <div className="mt-2 flex flex-col gap-4">
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
            <button type="button" className={`${secondaryButton} min-h-11`} onClick={load}>Refresh</button>
          </div>
          {shown.length === 0 && <p>No orders{filter === "all" ? " yet today" : ` that are ${filter}`}.</p>}
          <ul className="flex flex-col gap-4">
            {shown.map((order) => (
              <li key={order.orderId} className="rounded-lg border border-stone-200 p-4" aria-label={`Today's order #${order.orderNumber}`}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold">
                    Order #{order.orderNumber} <span className="text-sm font-normal text-stone-700">at {clock(order.createdAt)}{order.promisedAt && ` · ${order.estimatedReadyTime}`}</span>
                  </h3>
                  <Badge tone={statusTone(order.status)}>{capitalised(order.status)}</Badge>
                </div>
                <p className="text-sm text-stone-700">
                  {capitalised(order.orderType)} · {order.customerInfo.name} · {order.customerInfo.phone} · {order.customerInfo.email}
                </p>
                <ul className="my-2 text-sm">
                  {order.items.map((line, index) => (
                    <li key={index}>
                      {line.quantity} × {line.name} <span className="text-stone-700">{money(line.price * line.quantity)}</span>
                      {line.options && line.options.length > 0 && <span className="block pl-4">{choiceText(line.options)}</span>}
                      {line.note && <span className="block pl-4 font-semibold">Note: {line.note}</span>}
                    </li>
                  ))}
                </ul>
                {order.tip > 0 && <p className="text-sm">Tip {money(order.tip)}</p>}
                <p className="text-sm font-semibold">Total {money(order.total)}</p>
                <OrderPayment order={order} onChanged={replace} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
