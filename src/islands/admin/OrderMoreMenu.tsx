// A board card's "More" menu: the steps that cannot be undone (refund, cancel), kept away from the
// large next-step button, each behind a confirmation that names the money involved. Refunds are the
// owner's; staff may cancel, and are told the card is not refunded by it.
import { useEffect, useId, useRef, useState } from "react";
import { canCancel } from "../../domain/orderStatusFlow";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { useIsOwner } from "./account";
import type { StaffOrderView } from "./OrderRefunds";
import { buttonClass, dangerButton, failed, inputClass, money, secondaryButton } from "./shared";

type Confirming = "refund" | "cancel" | null;
const tall = "min-h-11";

export function OrderMoreMenu({ order, onChanged }: { order: StaffOrderView; onChanged: (order: StaffOrderView) => void }) {
  const id = useId();
  const isOwner = useIsOwner();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [reason, setReason] = useState("");
  const [alsoRefund, setAlsoRefund] = useState(true);
  const [busy, setBusy] = useState(false);
  // One key per confirmation: pressing Refund again after a failure retries the same refund.
  const [refundKey, setRefundKey] = useState(() => crypto.randomUUID());
  const keep = useRef<HTMLButtonElement>(null);
  // The question takes the focus on its safe answer: a stray Enter keeps the order and the money.
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const refundable = order.staff?.refundable ?? 0;
  // A catering event's money is its booking's: it is cancelled and refunded there, by its terms.
  const mayRefund = isOwner && refundable > 0 && !order.catering;
  const mayCancel = canCancel(order.status) && !order.catering;
  if (!mayRefund && !mayCancel) return null;

  function ask(what: Confirming) {
    setOpen(false);
    setConfirming(what);
    setReason(what === "cancel" ? "Order cancelled" : "");
    setRefundKey(crypto.randomUUID());
  }

  async function refund(why: string): Promise<StaffOrderView> {
    const answer = await apiRequest<{ order: StaffOrderView }>(`/api/admin/orders/${order.orderId}/refunds`, {
      method: "POST",
      body: { amount: refundable, reason: why },
      headers: { "idempotency-key": refundKey },
    });
    toast({ title: "Refund Sent", description: `${money(refundable)} of order #${order.orderNumber} is being refunded.` });
    return answer.order;
  }

  async function confirm() {
    setBusy(true);
    try {
      if (confirming === "refund") onChanged(await refund(reason.trim()));
      else {
        let updated = await apiRequest<StaffOrderView>(`/api/admin/orders/${order.orderId}`, { method: "PATCH", body: { status: "cancelled" } });
        toast({ title: "Order Cancelled", description: `Order #${order.orderNumber} is cancelled.` });
        if (mayRefund && alsoRefund) updated = await refund(reason.trim() || "Order cancelled");
        onChanged(updated);
      }
      setConfirming(null);
    } catch (error) {
      failed(confirming === "refund" ? "Refund failed" : "Cancel failed", error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div
      className="relative"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || busy) return;
        setOpen(false);
        setConfirming(null);
      }}
    >
      <button type="button" className={`${secondaryButton} min-h-14 min-w-14 h-full`} aria-expanded={open} aria-controls={`${id}-menu`} onClick={() => setOpen(!open)}>
        More<span className="sr-only"> for order #{order.orderNumber}</span>
      </button>
      {open && (
        <div id={`${id}-menu`} className="absolute right-0 top-full z-10 mt-1 flex w-56 flex-col gap-1 rounded-md border border-stone-300 bg-white p-2 shadow-lg">
          {mayRefund && (
            <button type="button" className={`${secondaryButton} ${tall} justify-start`} onClick={() => ask("refund")}>
              Refund {money(refundable)}...
            </button>
          )}
          {mayCancel && (
            <button type="button" className={`${dangerButton} ${tall} justify-start`} onClick={() => ask("cancel")}>
              Cancel order...
            </button>
          )}
        </div>
      )}
      {confirming && (
        <div role="alertdialog" aria-labelledby={`${id}-question`} className="absolute right-0 top-full z-20 mt-1 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 rounded-md border-2 border-red-700 bg-white p-3 shadow-lg">
          <p id={`${id}-question`} className="font-semibold">
            {confirming === "refund" ? `Refund ${money(refundable)} to the card?` : `Cancel order #${order.orderNumber} (${money(order.total)})?`}
          </p>
          {confirming === "cancel" && !mayRefund && refundable > 0 && (
            <p className="text-sm">Cancelling does not refund the card: ask the owner to refund {money(refundable)}.</p>
          )}
          {confirming === "cancel" && mayRefund && (
            <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-6" checked={alsoRefund} onChange={(event) => setAlsoRefund(event.target.checked)} />
              Also refund {money(refundable)} to the card
            </label>
          )}
          {(confirming === "refund" || (mayRefund && alsoRefund)) && (
            <label className="text-sm font-medium">
              Reason for the refund
              <input className={inputClass} maxLength={192} value={reason} onChange={(event) => setReason(event.target.value)} />
            </label>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className={`${buttonClass} ${tall} bg-red-700 text-white hover:bg-red-800`} disabled={busy || (confirming === "refund" && !reason.trim())} onClick={() => void confirm()}>
              {busy ? "Working..." : confirming === "refund" ? `Refund ${money(refundable)}` : "Cancel order"}
            </button>
            <button ref={keep} type="button" className={`${secondaryButton} ${tall}`} disabled={busy} onClick={() => setConfirming(null)}>
              {confirming === "refund" ? "Keep the payment" : "Keep the order"}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
