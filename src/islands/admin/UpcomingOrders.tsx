// The kitchen's queue on the Orders tab: paid orders not yet done, by the time promised to the
// customer (a scheduled slot or the quoted 'as soon as possible' time), soonest first.
import { useCallback, useEffect, useState } from "react";
import type { OrderView } from "../../domain/orderReadModel";
import { apiRequest } from "../../lib/api";
import { failed, secondaryButton } from "./shared";

export function UpcomingOrders() {
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const load = useCallback(() => {
    apiRequest<{ orders: OrderView[] }>("/api/admin/orders?upcoming").then(
      (answer) => setOrders(answer.orders),
      (error: unknown) => failed("Could not load upcoming orders", error),
    );
  }, []);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="upcoming-heading" className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="upcoming-heading" className="text-lg font-semibold">Upcoming, by promised time</h2>
        <button type="button" className={secondaryButton} onClick={load}>Refresh</button>
      </div>
      {orders === null ? (
        <p>Loading...</p>
      ) : orders.length === 0 ? (
        <p>No orders waiting.</p>
      ) : (
        <ol className="mt-2 grid gap-1 text-sm">
          {orders.map((order) => (
            <li key={order.orderId}>
              <strong>{order.estimatedReadyTime}</strong> · #{order.orderNumber} · {order.orderType} · {order.customerInfo.name}
              {order.locale === "es" && (
                <abbr title="Customer language: Spanish" className="ml-1 rounded bg-amber-100 px-1 text-xs font-semibold no-underline">
                  ES
                </abbr>
              )}{" "}
              ·{" "}
              {order.items.map((item) => `${item.quantity} × ${item.name}`).join(", ")}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
