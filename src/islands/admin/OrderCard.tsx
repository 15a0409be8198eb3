// One order on the kitchen's board: what to make and for whom, when it is promised, and one large
// button for its next step (Start, Ready, Picked up); Refund and Cancel wait behind "More".
import { useState } from "react";
import { choiceText } from "../../domain/dishOptions";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { statusTone } from "../../domain/orderReadModel";
import { nextStatus } from "../../domain/orderStatusFlow";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { OrderCourier } from "./CourierPanel";
import { OrderMoreMenu } from "./OrderMoreMenu";
import type { StaffOrderView } from "./OrderRefunds";
import { Badge, buttonClass, capitalised, failed, money } from "./shared";

/** The next step's word on the card, by the status the order is in. */
const STEP_LABEL: Record<string, string> = { confirmed: "Start", preparing: "Ready", ready: "Picked up" };
const STATUS_LABEL: Record<string, string> = { confirmed: "New", preparing: "In the kitchen", ready: "Ready" };

const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { timeZone: RESTAURANT_TIME_ZONE, weekday: "short", month: "short", day: "numeric" });

/** "12:45 PM", or "Sun, Nov 29 12:45 PM" for an order promised on another day than today's. */
function promisedLabel(order: StaffOrderView): string {
  const at = order.promisedAt ?? order.createdAt;
  return day(at) === day(new Date().toISOString()) ? clock(at) : `${day(at)} ${clock(at)}`;
}

interface Props {
  order: StaffOrderView;
  /** Not yet started and new since the board opened: marked until someone starts it. */
  isNew: boolean;
  onChanged: (order: StaffOrderView) => void;
  onReload: () => void;
}

export function OrderCard({ order, isNew, onChanged, onReload }: Props) {
  const [busy, setBusy] = useState(false);
  const next = nextStatus(order.status);

  async function step() {
    if (!next) return;
    setBusy(true);
    try {
      onChanged(await apiRequest<StaffOrderView>(`/api/admin/orders/${order.orderId}`, { method: "PATCH", body: { status: next } }));
      toast({ title: "Order Updated", description: `Order #${order.orderNumber} is ${next}.` });
    } catch (error) {
      failed("Update failed", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li aria-label={`Order #${order.orderNumber}`} className={`flex flex-col gap-2 rounded-lg border bg-white p-3 shadow-sm ${isNew ? "border-brand-600 ring-2 ring-brand-600" : "border-stone-200"}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-lg font-bold">
          #{order.orderNumber} <span className="text-base font-semibold">· {promisedLabel(order)}</span>
        </h4>
        <span className="flex gap-1">
          {isNew && <Badge tone="red">New order</Badge>}
          <Badge tone={statusTone(order.status)}>{STATUS_LABEL[order.status] ?? capitalised(order.status)}</Badge>
        </span>
      </div>
      <p className="text-sm text-stone-800">
        {capitalised(order.orderType)} · {order.customerInfo.name} · {order.customerInfo.phone}
      </p>
      {order.catering && (
        <p className="rounded-md bg-stone-100 p-2 text-base font-bold text-stone-950">
          Catering: {order.catering.headcount} people, {order.catering.trays} trays, event {day(order.catering.eventAt)} {clock(order.catering.eventAt)}
          <span className="block text-sm font-normal">Cancelled and refunded from its booking, by its terms.</span>
        </p>
      )}
      {order.curbside && (
        order.curbside.arrivedAt ? (
          <p className="rounded-md bg-amber-100 p-2 text-base font-bold text-stone-950">
            <span>Arrived: {order.curbside.car}</span> <span className="text-sm font-semibold">(at {clock(order.curbside.arrivedAt)}, curbside)</span>
          </p>
        ) : (
          <p className="text-sm font-semibold text-stone-800">Curbside: {order.curbside.car}</p>
        )
      )}
      {/* The order itself reads in English; staff greet and call the customer knowing their language. */}
      {order.locale === "es" && <p className="text-sm font-semibold text-stone-800">Customer language: Spanish</p>}
      {order.deliveryInfo && (
        <p className="text-sm text-stone-700">
          Deliver to {order.deliveryInfo.address}, {order.deliveryInfo.city} {order.deliveryInfo.zipCode}
          {order.deliveryInfo.notes && ` (${order.deliveryInfo.notes})`}
        </p>
      )}
      <OrderCourier order={order} onChanged={onReload} />
      <ul className="text-base">
        {order.items.map((line, index) => (
          <li key={index}>
            <span className="font-semibold">{line.quantity} ×</span> {line.name}
            {line.options && line.options.length > 0 && <span className="block pl-5 text-sm">{choiceText(line.options)}</span>}
            {line.note && <span className="block pl-5 text-sm font-semibold">Note: {line.note}</span>}
          </li>
        ))}
      </ul>
      {order.note && (
        <p className="text-sm">
          <span className="font-semibold">Customer note:</span> {order.note}
        </p>
      )}
      {/* Paid, and what the diner tipped: the counter answers "was it paid?" and the tip goes to the team. */}
      <p className="text-sm text-stone-800">
        Total {money(order.total)}
        {order.tip > 0 && <> · Tip {money(order.tip)}</>}
      </p>
      {order.staff?.posSyncError && (
        <p role="alert" className="text-sm font-semibold text-red-800">{order.staff.posSyncError} Change it on the POS too.</p>
      )}
      <div className="mt-1 flex items-stretch gap-2">
        {next && (
          <button type="button" className={`${buttonClass} min-h-14 flex-1 bg-brand-600 text-lg text-white hover:bg-brand-700`} disabled={busy} onClick={() => void step()}>
            {busy ? "Saving..." : STEP_LABEL[order.status]}
            <span className="sr-only"> order #{order.orderNumber}</span>
          </button>
        )}
        <OrderMoreMenu order={order} onChanged={onChanged} />
      </div>
    </li>
  );
}
