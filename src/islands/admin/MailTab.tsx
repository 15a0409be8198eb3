// The Mail tab: the e-mail outbox (sent, waiting with the next attempt, failed with the provider's
// reason), a resend button per message, and the restaurant's address for copies of new orders and
// contact messages.
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { MAIL_KIND_LABEL, type MailStatus, type OutboxMessage, type OutboxView } from "../../domain/mailReadModel";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { Badge, failed, inputClass, primaryButton, secondaryButton } from "./shared";
import { ComeBackSetting } from "./ComeBackSetting";

const STATUS_TONE: Record<MailStatus, "green" | "yellow" | "blue" | "red"> = { sent: "green", waiting: "yellow", sending: "blue", failed: "red" };
const STATUS_LABEL: Record<MailStatus, string> = { sent: "Sent", waiting: "Waiting", sending: "Sending", failed: "Failed" };
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { timeZone: RESTAURANT_TIME_ZONE, dateStyle: "medium", timeStyle: "short" });

export function MailTab() {
  const addressId = useId();
  const filterId = useId();
  const [outbox, setOutbox] = useState<OutboxView | null>(null);
  const [filter, setFilter] = useState<MailStatus | "all">("all");
  const [address, setAddress] = useState("");
  const [busy, setBusy] = useState<number | "address" | null>(null);

  const load = useCallback(() => {
    apiRequest<OutboxView>(`/api/admin/mail${filter === "all" ? "" : `?status=${filter}`}`).then(
      (answer) => {
        setOutbox(answer);
        setAddress(answer.restaurantAddress);
      },
      (error: unknown) => failed("Could not load the outbox", error),
    );
  }, [filter]);
  useEffect(load, [load]);

  async function saveAddress(event: FormEvent) {
    event.preventDefault();
    setBusy("address");
    try {
      await apiRequest("/api/admin/mail/settings", { method: "PUT", body: { restaurantAddress: address.trim() } });
      toast({ title: "Address Saved", description: address.trim() ? `Copies go to ${address.trim()}.` : "No copies will be sent." });
    } catch (error) {
      failed("Could not save the address", error);
    } finally {
      setBusy(null);
    }
  }

  async function resend(message: OutboxMessage) {
    setBusy(message.id);
    try {
      await apiRequest(`/api/admin/mail/${message.id}/resend`, { method: "POST" });
      toast({ title: "Sending Again", description: `${MAIL_KIND_LABEL[message.kind]} to ${message.recipient}.` });
      load();
    } catch (error) {
      failed("Could not send it again", error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <form onSubmit={(event) => void saveAddress(event)} className="flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4">
        <div className="min-w-64 flex-1">
          <label htmlFor={addressId} className="text-sm font-medium">
            Restaurant's e-mail for copies of new orders and contact messages
          </label>
          <input id={addressId} type="email" className={inputClass} value={address} placeholder="manager@example.com" onChange={(event) => setAddress(event.target.value)} />
        </div>
        <button type="submit" className={primaryButton} disabled={busy === "address"}>
          Save address
        </button>
      </form>

      <ComeBackSetting />

      {outbox && !outbox.configured && (
        <p role="alert" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
          E-mail is not configured (SMTP_URL): messages wait here and go out once it is set.
        </p>
      )}

      {outbox?.backlog?.late && (
        <p role="alert" className="rounded-md border border-orange-300 bg-orange-50 p-3 text-sm text-orange-950">
          E-mail is running late: {outbox.backlog.unsent} waiting, the oldest since{" "}
          {new Date(outbox.backlog.oldestQueuedAt!).toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" })}. They go
          out at the mail provider's pace (MAIL_RATE_PER_MINUTE); the owners get an e-mail once it has caught up.
        </p>
      )}

      <div className="flex flex-wrap items-end gap-4">
        {outbox && (
          <p className="text-sm text-stone-700">
            {outbox.counts.sent} sent · {outbox.counts.waiting + outbox.counts.sending} waiting · {outbox.counts.failed} failed
          </p>
        )}
        <div>
          <label htmlFor={filterId} className="text-sm font-medium">Status</label>
          <select id={filterId} className={inputClass} value={filter} onChange={(event) => setFilter(event.target.value as MailStatus | "all")}>
            <option value="all">All</option>
            {(Object.keys(STATUS_LABEL) as MailStatus[]).map((status) => (
              <option key={status} value={status}>{STATUS_LABEL[status]}</option>
            ))}
          </select>
        </div>
        <button type="button" className={secondaryButton} onClick={load}>Refresh</button>
      </div>

      {!outbox ? (
        <p role="status">Loading the outbox...</p>
      ) : outbox.messages.length === 0 ? (
        <p>No e-mails{filter === "all" ? " yet" : ` that are ${STATUS_LABEL[filter].toLowerCase()}`}.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {outbox.messages.map((message) => (
            <li key={message.id} className="rounded-lg border border-stone-200 bg-white p-4" aria-label={`${MAIL_KIND_LABEL[message.kind]} to ${message.recipient}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold">
                  {MAIL_KIND_LABEL[message.kind]} <span className="text-sm font-normal text-stone-700">to {message.recipient}</span>
                </h3>
                <Badge tone={STATUS_TONE[message.status]}>{STATUS_LABEL[message.status]}</Badge>
              </div>
              <p className="text-sm text-stone-700">
                Queued {when(message.createdAt)}
                {message.sentAt && ` · sent ${when(message.sentAt)}`}
                {message.status === "waiting" && message.attempts > 0 && ` · next try ${when(message.nextAttemptAt)}`}
                {message.attempts > 0 && ` · ${message.attempts} attempt${message.attempts === 1 ? "" : "s"}`}
              </p>
              {message.lastError && message.status !== "sent" && (
                <p className="mt-1 text-sm text-red-800">Why not sent: {message.lastError}</p>
              )}
              {message.status !== "sending" && (
                <button type="button" className={`${secondaryButton} mt-2`} disabled={busy === message.id} onClick={() => void resend(message)}>
                  Send again<span className="sr-only"> ({MAIL_KIND_LABEL[message.kind]} to {message.recipient})</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
