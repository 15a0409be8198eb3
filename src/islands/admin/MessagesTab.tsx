// The Messages tab: contact messages, newest first, 50 a page, marked handled or not; one that came past the
// hour's cap of e-mailed copies says so, since it is here only.
import { useCallback, useEffect, useState } from "react";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import type { StoredContactMessage } from "../../domain/contactMessage.schema";
import { CONTACT_COPIES_PER_HOUR } from "../../domain/contactForm";
import { Badge, failed, secondaryButton } from "./shared";

type Message = StoredContactMessage;

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
            {message.copyHeld && (
              <p className="mt-2 rounded bg-amber-50 px-2 py-1 text-sm text-amber-900">
                Not e-mailed to the restaurant: more than {CONTACT_COPIES_PER_HOUR} messages arrived within the hour, so this one is only here.
              </p>
            )}
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
