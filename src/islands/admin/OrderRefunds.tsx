// An order's payment in the console: its refunds (amount, reason, outcome), whether the POS got the
// last status set here, and a form to refund part or all of what is left through Square. A refund
// attempt keeps one idempotency key until Square has answered it, so a retried click never refunds twice.
// A refund of all that is left of an order with a promo code may give the code's use back (the owner's choice).
import { useEffect, useId, useState, type FormEvent } from "react";
import { PAYMENT_STATUS_LABEL, type OrderView, type StaffOrderDetails } from "../../domain/orderReadModel";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { failed, inputClass, money, primaryButton, secondaryButton } from "./shared";
import { useIsOwner } from "./account";

export type StaffOrderView = OrderView & { staff?: StaffOrderDetails };

const REFUND_STATUS: Record<StaffOrderDetails["refunds"][number]["status"], string> = {
  requested: "asked of Square, no answer yet",
  pending: "on its way to the card",
  completed: "back on the card",
  rejected: "rejected by the bank",
  failed: "failed, nothing refunded",
};

interface Props {
  order: StaffOrderView;
  /** Open the form at once with this reason, for the whole amount left (a paid order was just cancelled). */
  offerReason?: string | null;
  onChanged: (order: StaffOrderView) => void;
}

export function OrderPayment({ order, offerReason, onChanged }: Props) {
  const id = useId();
  // Refunds are the owner's: staff see them, without the button.
  const mayRefund = useIsOwner();
  const staff = order.staff;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState("");
  const [why, setWhy] = useState("");
  const [sending, setSending] = useState(false);
  const [attempt, setAttempt] = useState<string | null>(null);
  const [giveBackOffer, setGiveBackOffer] = useState(false);

  const refundable = staff?.refundable ?? 0;
  useEffect(() => {
    if (!offerReason || refundable <= 0) return;
    setOpen(true);
    setAmount(refundable.toFixed(2));
    setWhy(offerReason);
    // Only when the offer appears: typing in the form must not reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the amount offered is the one of that moment
  }, [offerReason]);

  if (!staff) return null;
  // Only a full refund (all that is left) can give a code's use back.
  const offerChoice = Boolean(order.discount) && Number(amount) > 0 && Math.round(Number(amount) * 100) === Math.round(staff.refundable * 100);

  function start() {
    setOpen(true);
    setAmount(staff!.refundable.toFixed(2));
    setWhy("");
    setAttempt(null);
    setGiveBackOffer(false);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const dollars = Number(amount);
    if (!Number.isFinite(dollars) || dollars <= 0) {
      failed("Refund not sent", new Error("Enter an amount in dollars, more than 0."));
      return;
    }
    const key = attempt ?? crypto.randomUUID();
    setAttempt(key);
    setSending(true);
    try {
      const answer = await apiRequest<{ order: StaffOrderView }>(`/api/admin/orders/${order.orderId}/refunds`, {
        method: "POST",
        body: { amount: Math.round(dollars * 100) / 100, reason: why, ...(offerChoice ? { giveBackOffer } : {}) },
        headers: { "idempotency-key": key },
      });
      onChanged(answer.order);
      setOpen(false);
      setAttempt(null);
      toast({ title: "Refund Sent", description: `${money(dollars)} of order #${order.orderNumber} is being refunded.` });
    } catch (error) {
      // The same key is kept: pressing Refund again retries this refund, it does not make another.
      failed("Refund failed", error);
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="mt-2 text-sm">
      {staff.posSyncError && (
        <p role="alert" className="font-semibold text-red-800">{staff.posSyncError} Change it on the POS too.</p>
      )}
      {order.paymentStatus && order.paymentStatus !== "paid" && (
        <p className="font-semibold">{PAYMENT_STATUS_LABEL[order.paymentStatus]}: {money(order.refunded ?? 0)}</p>
      )}
      {staff.refunds.length > 0 && (
        <ul aria-label={`Refunds of order #${order.orderNumber}`} className="list-disc pl-5">
          {staff.refunds.map((refund, index) => (
            <li key={index}>
              Refund {money(refund.amount)}, {REFUND_STATUS[refund.status]}
              {refund.madeAt === "square" ? " (made at Square)" : ""}: {refund.reason || "no reason given"}
            </li>
          ))}
        </ul>
      )}
      {mayRefund && !open && staff.refundable > 0 && (
        <button type="button" className={`${secondaryButton} mt-2`} onClick={start}>
          Refund<span className="sr-only"> order #{order.orderNumber}</span>
        </button>
      )}
      {mayRefund && open && (
        <form onSubmit={submit} className="mt-2 flex flex-wrap items-end gap-3" aria-label={`Refund order #${order.orderNumber}`}>
          <div>
            <label htmlFor={`${id}-amount`} className="font-medium">Amount to refund (at most {money(staff.refundable)})</label>
            <input
              id={`${id}-amount`}
              className={inputClass}
              inputMode="decimal"
              value={amount}
              disabled={Boolean(attempt) && sending}
              onChange={(event) => {
                setAmount(event.target.value);
                setAttempt(null);
              }}
            />
          </div>
          <div className="min-w-64 flex-1">
            <label htmlFor={`${id}-reason`} className="font-medium">Reason</label>
            <input
              id={`${id}-reason`}
              className={inputClass}
              maxLength={192}
              required
              value={why}
              onChange={(event) => {
                setWhy(event.target.value);
                setAttempt(null);
              }}
            />
          </div>
          {offerChoice && (
            <label className="flex min-h-11 basis-full items-center gap-2">
              <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={giveBackOffer} onChange={(event) => { setGiveBackOffer(event.target.checked); setAttempt(null); }} />
              Give the use of code {order.discount?.code} back (the diner can use it again)
            </label>
          )}
          <button type="submit" className={primaryButton} disabled={sending || !why.trim()}>
            {sending ? "Refunding..." : "Send refund"}
          </button>
          <button type="button" className={secondaryButton} onClick={() => setOpen(false)} disabled={sending}>
            Keep the payment
          </button>
        </form>
      )}
    </div>
  );
}
