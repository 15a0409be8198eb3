// The Orders tab (today's orders, newest first, filtered by status, moved along or cancelled), the
// Messages tab (contact messages, newest first, marked handled) and the System tab.
import { useCallback, useEffect, useId, useState } from "react";
import { choiceText } from "../../domain/dishOptions";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { ORDER_STATUSES, statusTone, type OrderView } from "../../domain/orderReadModel";
import { canCancel, nextStatus } from "../../domain/orderStatusFlow";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { ApplePaySettings } from "./ApplePaySettings";
import { OrderPayment, type StaffOrderView } from "./OrderRefunds";
import { Badge, dangerButton, failed, inputClass, primaryButton, secondaryButton, type SquareStatus } from "./shared";
import { UpcomingOrders } from "./UpcomingOrders";
import { CourierNotices, CourierSettings, OrderCourier } from "./CourierPanel";
import type { StoredContactMessage } from "../../domain/contactMessage.schema";
import type { AttentionView } from "../../domain/orderReadModel";

const money = (dollars: number) => `$${dollars.toFixed(2)}`;
const clock = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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

type Message = StoredContactMessage;

/** GET /api/admin/orders?attention: an order left pending for minutes, with what the server knows. */
type PendingOrder = AttentionView;

/**
 * Orders pending for more than 5 minutes: the card may have been charged without the
 * confirmation being stored. "Check with Square" asks the payment provider and confirms the order
 * only if it was charged; it never charges. "Release its time" asks the same, and when nothing was
 * charged ends the order and gives its kitchen slot back.
 */
function PendingOrders({ onConfirmed }: { onConfirmed: () => void }) {
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

export function MessagesTab() {
  const [messages, setMessages] = useState<Message[] | null>(null);
  /** Where the next page of older messages starts (50 a page), or null when every message is shown. */
  const [nextBefore, setNextBefore] = useState<string | null>(null);

  const loadPage = useCallback((before: string | null) => {
    apiRequest<{ messages: Message[]; nextBefore: string | null }>(`/api/admin/messages${before ? `?before=${encodeURIComponent(before)}` : ""}`)
      .then((answer) => {
        setMessages((current) => (before && current ? [...current, ...answer.messages] : answer.messages));
        setNextBefore(answer.nextBefore);
      })
      .catch((error) => failed("Could not load the messages", error));
  }, []);

  useEffect(() => loadPage(null), [loadPage]);

  async function mark(message: Message, handled: boolean) {
    try {
      const updated = await apiRequest<Message>(`/api/admin/messages/${message.id}`, { method: "PATCH", body: { handled } });
      setMessages((current) => current?.map((entry) => (entry.id === updated.id ? updated : entry)) ?? null);
      toast({ title: "Message Updated", description: handled ? "Marked as handled." : "Marked as not handled." });
    } catch (error) {
      failed("Update failed", error);
    }
  }

  if (!messages) return <p role="status">Loading messages...</p>;
  if (messages.length === 0) return <p>No messages yet.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {messages.map((message) => (
        <li key={message.id} className="rounded-lg border border-stone-200 bg-white p-4">
          <article aria-label={`Message from ${message.firstName} ${message.lastName}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">
                {message.firstName} {message.lastName}
              </h3>
              <Badge tone={message.handled ? "grey" : "orange"}>{message.handled ? "Handled" : "New"}</Badge>
            </div>
            <p className="text-sm text-stone-700">
              <a className="underline" href={`mailto:${encodeURIComponent(message.email)}`}>{message.email}</a>
              {message.phone && ` · ${message.phone}`} · {new Date(message.createdAt).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE })}
            </p>
            {/* Customer text is rendered as text, never as HTML. */}
            <p className="mt-2 whitespace-pre-wrap">{message.message}</p>
            <button type="button" className={`${secondaryButton} mt-3`} onClick={() => void mark(message, !message.handled)}>
              {message.handled ? "Mark as not handled" : "Mark handled"}
            </button>
          </article>
        </li>
      ))}
      {nextBefore && (
        <li>
          <button type="button" className={secondaryButton} onClick={() => loadPage(nextBefore)}>
            Show older messages
          </button>
        </li>
      )}
    </ul>
  );
}

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
      <BlobsImport />
    </div>
  );
}

/**
 * Moving a site that ran on Netlify Blobs: one button that calls the import until it is done and says
 * what was moved (POST /api/admin/import-blobs; a second run changes nothing).
 */
function BlobsImport() {
  const [state, setState] = useState<"idle" | "running" | "done">("idle");
  const [summary, setSummary] = useState<string | null>(null);

  async function run() {
    setState("running");
    try {
      const moved = { orders: 0, messages: 0, menuItems: 0, locations: 0, slots: 0, skipped: 0 };
      let answer: { done: boolean; finishedAt: string | null; counts: typeof moved };
      do {
        answer = await apiRequest("/api/admin/import-blobs", { method: "POST" });
        for (const key of Object.keys(moved) as (keyof typeof moved)[]) moved[key] += answer.counts[key];
      } while (!answer.done);
      setSummary(
        `${moved.orders} orders, ${moved.messages} messages, ${moved.menuItems} menu items, ${moved.locations} locations and ${moved.slots} pictures moved` +
          (moved.skipped ? `; ${moved.skipped} unreadable records left out (see the log)` : "") +
          (answer.finishedAt ? ` (finished ${new Date(answer.finishedAt).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE })}).` : "."),
      );
      setState("done");
    } catch (error) {
      failed("Import failed", error);
      setState("idle");
    }
  }

  return (
    <section aria-labelledby="blobs-import-heading">
      <h3 id="blobs-import-heading" className="mb-1 text-lg font-semibold">Records from the old storage</h3>
      <p className="mb-3 text-sm text-stone-700">
        Once, after moving to Netlify Database: copies the orders, messages, menu, locations and pictures the site kept in Netlify Blobs. Running it again changes nothing.
      </p>
      <button type="button" className={secondaryButton} disabled={state === "running"} onClick={() => void run()}>
        {state === "running" ? "Moving records..." : "Move records from Blobs"}
      </button>
      {summary && <p role="status" className="mt-2 text-sm">{summary}</p>}
    </section>
  );
}
