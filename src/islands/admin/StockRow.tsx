// One dish on the Stock tab: its large in-stock switch, "86 until tomorrow" in one tap, and "Back at…"
// with a time (Miami's clock). A dish 86'd until a time shows when it returns ("Back at 5:00 PM").
import { useId, useRef, useState } from "react";
import { apiRequest } from "../../lib/api";
import { NewestAsk } from "../../lib/newestAsk";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { toast } from "../../stores/toasts";
import { failed, inputClass, SECTION_NAMES, type AdminItem, type ItemTabProps } from "./shared";

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" }).format(new Date(iso));
const dayOf = (at: Date) => new Intl.DateTimeFormat("en-US", { timeZone: RESTAURANT_TIME_ZONE, weekday: "long" }).format(at);

/** "Back at 5:00 PM", with the day when it is not today in Miami ("Back at 9:00 AM Sunday"). */
function backText(iso: string, now = new Date()): string {
  const day = dayOf(new Date(iso));
  return `Back at ${timeOf(iso)}${day === dayOf(now) ? "" : ` ${day}`}`;
}

const smallButton = "min-h-11 rounded-md border border-stone-400 bg-white px-3 text-sm font-semibold";

export function StockRow({ item, onItemChanged }: { item: AdminItem; onItemChanged: ItemTabProps["onItemChanged"] }) {
  const timeId = useId();
  const [time, setTime] = useState("");

  // Quick taps on one dish reach the server one after another, in the order they were made, and only the
  // last tap's answer is shown: sent at once, an earlier tap's answer arriving late showed "In stock" for a
  // dish the later tap had 86'd, and the next tap on that switch 86'd it for good.
  const taps = useRef(new NewestAsk());
  const queue = useRef<Promise<void>>(Promise.resolve());

  // The switch moves at once and goes back if the server refuses; the server's answer is kept.
  function send(body: { inStock: boolean } | { backAt: string }, said: string) {
    const before = { id: item.id, inStock: item.inStock, backInStockAt: item.backInStockAt };
    onItemChanged({ id: item.id, ...("inStock" in body ? { inStock: body.inStock, backInStockAt: null } : { inStock: false }) });
    const earlier = queue.current;
    queue.current = taps.current.track(async (stillNewest) => {
      await earlier;
      try {
        const answer = await apiRequest<AdminItem>(`/api/featured-items/${item.id}/stock`, { method: "PATCH", body });
        if (stillNewest()) onItemChanged(answer);
        toast({ title: "Stock Status Updated", description: `${item.name} ${said}.` });
      } catch (error) {
        if (stillNewest()) onItemChanged(before);
        failed("Failed to Update Stock Status", error);
      }
    });
  }

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-stone-200 bg-white p-3">
      <div className="flex items-center justify-between gap-3">
        <span>
          <span className="block font-semibold">{item.name}</span>
          <span className="text-sm text-stone-700">{SECTION_NAMES[item.section]} · {item.category}</span>
          {!item.inStock && item.backInStockAt && <span className="block text-sm font-semibold text-red-800">{backText(item.backInStockAt)}</span>}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={item.inStock}
          aria-label={`In stock: ${item.name}`}
          className={`min-h-12 min-w-28 shrink-0 rounded-full px-4 text-base font-bold shadow-sm ${item.inStock ? "bg-green-700 text-white" : "bg-red-700 text-white"}`}
          onClick={() => send({ inStock: !item.inStock }, item.inStock ? "is out of stock" : "is in stock")}
        >
          {item.inStock ? "In stock" : "86'd"}
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={smallButton} aria-label={`86 until tomorrow: ${item.name}`} onClick={() => send({ backAt: "tomorrow" }, "is out until tomorrow's opening")}>
          86 until tomorrow
        </button>
        <label htmlFor={timeId} className="sr-only">Back at (time) for {item.name}</label>
        <input id={timeId} type="time" className={`${inputClass} min-h-11 w-32`} value={time} onChange={(event) => setTime(event.target.value)} />
        <button type="button" className={smallButton} disabled={!time} aria-label={`Back at… ${item.name}`} onClick={() => send({ backAt: time }, `is out until ${time}`)}>
          Back at…
        </button>
      </div>
    </li>
  );
}
