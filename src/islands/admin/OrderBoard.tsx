// The kitchen's live board: New, In the kitchen and Ready, each by promised time, kept current by
// useOrderFeed. A new order chimes (unless muted on this device), is marked until someone starts it,
// and counts in the browser tab's title; a lost connection is said, and the board catches up after it.
import { useCallback, useEffect, useState } from "react";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { OrderCard } from "./OrderCard";
import type { StaffOrderView } from "./OrderRefunds";
import { secondaryButton } from "./shared";
import { useChime } from "./useChime";
import { useOrderFeed, type KitchenFigures } from "./useOrderFeed";

const COLUMNS = [
  { status: "confirmed", title: "New", empty: "No new orders." },
  { status: "preparing", title: "In the kitchen", empty: "Nothing cooking." },
  { status: "ready", title: "Ready", empty: "Nothing waiting to be picked up." },
] as const;
const TITLE = "Orders · Jealous Fork";
const tall = "min-h-11";

const clock = (at: Date) => at.toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });

export function OrderBoard() {
  const chime = useChime();
  const [arrived, setArrived] = useState<string[]>([]);
  const onNew = useCallback(
    (orders: StaffOrderView[]) => {
      setArrived((current) => [...current, ...orders.map((order) => order.orderId)]);
      chime.play();
    },
    [chime],
  );
  // A curbside diner at the curb chimes as a new order does, and is said until the next one.
  const [atCurb, setAtCurb] = useState<StaffOrderView | null>(null);
  const onArrived = useCallback(
    (orders: StaffOrderView[]) => {
      setAtCurb(orders.at(-1) ?? null);
      chime.play();
    },
    [chime],
  );
  const feed = useOrderFeed(onNew, onArrived);
  const orders = feed.orders ?? [];
  const newCount = orders.filter((order) => order.status === "confirmed").length;
  // Marked only while still new: started (or gone), the mark goes.
  const marked = arrived.filter((orderId) => orders.some((order) => order.orderId === orderId && order.status === "confirmed"));
  const latest = orders.find((order) => order.orderId === marked.at(-1));

  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    document.title = newCount > 0 ? `(${newCount}) ${TITLE}` : TITLE;
  }, [newCount]);

  if (feed.signedOut) return <p role="alert">Your session ended: sign in again to see the board.</p>;
  return (
    <section aria-labelledby="board-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="board-heading" className="text-xl font-bold">Order board</h2>
        <div className="flex flex-wrap gap-2">
          {/* Its place is kept once sound is on: the first tap anywhere turns it on, and must not move the buttons under a finger. */}
          {!chime.enabled && !chime.muted ? (
            <button type="button" className={`${secondaryButton} ${tall} border-brand-600`} onClick={chime.enable}>
              Tap to enable sound
            </button>
          ) : (
            <span className={`inline-flex ${tall} items-center px-2 text-sm text-stone-700`}>{chime.muted ? "Sound muted" : "Sound on"}</span>
          )}
          <button type="button" className={`${secondaryButton} ${tall}`} aria-pressed={chime.muted} onClick={() => chime.setMuted(!chime.muted)}>
            {chime.muted ? "Sound off (tap to unmute)" : "Mute new-order chime"}
          </button>
        </div>
      </div>
      {feed.kitchen && <KitchenLine kitchen={feed.kitchen} />}
      {feed.offlineSince && (
        <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 font-semibold text-red-900">
          Offline since {clock(feed.offlineSince)}: the board shows what it had and catches up when the connection is back.
        </p>
      )}
      <div role="status" aria-live="assertive">
        {latest && (
          <p className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-brand-600 p-3 text-lg font-bold text-white">
            <span>
              New order #{latest.orderNumber}
              {marked.length > 1 && ` (and ${marked.length - 1} more)`}
              {chime.muted ? " (chime muted)" : ""}
            </span>
          </p>
        )}
        {atCurb?.curbside && orders.some((order) => order.orderId === atCurb.orderId) && (
          <p className="mt-2 rounded-md bg-amber-500 p-3 text-lg font-bold text-stone-950">
            #{atCurb.orderNumber} is at the curb: {atCurb.curbside.car}
          </p>
        )}
      </div>
      {feed.orders === null ? (
        <p role="status">{feed.offlineSince ? "Waiting for the connection..." : "Loading the board..."}</p>
      ) : (
        <div className="grid gap-3 md:grid-cols-3">
          {COLUMNS.map((column) => {
            const shown = orders.filter((order) => order.status === column.status);
            return (
              <section key={column.status} aria-labelledby={`column-${column.status}`} className="flex flex-col gap-2 rounded-lg bg-stone-100 p-2">
                <h3 id={`column-${column.status}`} className="px-1 text-lg font-semibold">
                  {column.title} ({shown.length})
                </h3>
                {shown.length === 0 ? (
                  <p className="px-1 text-sm text-stone-700">{column.empty}</p>
                ) : (
                  <ol className="flex flex-col gap-2">
                    {shown.map((order) => (
                      <OrderCard key={order.orderId} order={order} isNew={marked.includes(order.orderId)} onChanged={feed.replace} onReload={feed.resync} />
                    ))}
                  </ol>
                )}
              </section>
            );
          })}
        </div>
      )}
    </section>
  );
}

const SECTION_NAMES: Record<string, string> = { "jealous-fork": "Jealous Fork", "jealous-burger": "Jealous Burger" };

/** Today's share of orders ready by their promise plus 5 minutes, and why quotes move (only where they do). */
function KitchenLine({ kitchen }: { kitchen: KitchenFigures }) {
  const { ready, onTime, share } = kitchen.today;
  const moving = kitchen.quotes.filter((quote) => quote.minutes > 0);
  return (
    <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-800">
      <p>
        {share === null ? "Today: no order ready yet." : `Today: ${onTime} of ${ready} orders ready by their promise + 5 min (${Math.round(share * 100)}%).`}
      </p>
      {moving.map((quote) => (
        <p key={quote.section}>
          {SECTION_NAMES[quote.section] ?? quote.section}: {quote.sentence}
        </p>
      ))}
    </div>
  );
}
