// The loud pause: while online ordering is paused, a red bar over every tab of the console says until
// when (in the restaurant's time), with Resume. It reads the pause again after any change made in the
// console (the header's control) and every half minute, and goes by itself when the pause ends.
import { useCallback, useEffect, useState } from "react";
import { RESTAURANT_TIME_ZONE } from "../../domain/hours";
import { API_CHANGED_EVENT, apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { loadHours, type HoursAnswer } from "./hoursApi";
import { failed } from "./shared";

const RECHECK_MS = 30_000;

/** The server's clock (which a demo or test may fix), carried forward by the browser's since the answer. */
export interface Reading { answer: HoursAnswer; offsetMs: number }
export const readingOf = (answer: HoursAnswer): Reading => ({ answer, offsetMs: Date.parse(answer.now) - Date.now() });

/** Whether ordering is paused at this moment of the server's clock; the pause's end (null: until resumed). */
export function pauseOf({ answer, offsetMs }: Reading): { paused: boolean; until: string | null } {
  const pause = answer.schedule.pause;
  const paused = !!pause && (pause.until === null || Date.parse(pause.until) > Date.now() + offsetMs);
  return { paused, until: pause?.until ?? null };
}

function untilText(until: string | null, nowMs: number): string {
  if (!until) return "PAUSED until you resume";
  const at = new Date(until);
  const dayOf = (date: Date) => date.toLocaleDateString("en-US", { timeZone: RESTAURANT_TIME_ZONE, weekday: "long" });
  const time = at.toLocaleTimeString("en-US", { timeZone: RESTAURANT_TIME_ZONE, hour: "numeric", minute: "2-digit" });
  return dayOf(at) === dayOf(new Date(nowMs)) ? `PAUSED until ${time}` : `PAUSED until ${dayOf(at)} ${time}`;
}

export function PauseBar() {
  const [reading, setReading] = useState<Reading | null>(null);
  const [, setTick] = useState(0);
  const load = useCallback(() => {
    loadHours().then((answer) => setReading(readingOf(answer)), () => undefined);
  }, []);
  useEffect(() => {
    load();
    const onChanged = (event: Event) => {
      if (String((event as CustomEvent).detail).startsWith("/api/admin/hours")) load();
    };
    addEventListener(API_CHANGED_EVENT, onChanged);
    // Re-drawn every half minute so a pause that ends by itself leaves the screen.
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      load();
    }, RECHECK_MS);
    return () => {
      removeEventListener(API_CHANGED_EVENT, onChanged);
      clearInterval(timer);
    };
  }, [load]);

  if (!reading) return null;
  const { paused, until } = pauseOf(reading);
  if (!paused) return null;

  async function resume() {
    try {
      setReading(readingOf(await apiRequest<HoursAnswer>("/api/admin/hours/ordering", { method: "PATCH", body: { pause: null } })));
      toast({ title: "Ordering Resumed" });
    } catch (error) {
      failed("Ordering Not Changed", error);
    }
  }

  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-red-700 px-4 py-3 text-white">
      <p className="text-xl font-bold tracking-wide">{untilText(until, Date.now() + reading.offsetMs)}</p>
      <p className="text-sm">Customers cannot order online{reading.answer.schedule.pause?.message ? `: "${reading.answer.schedule.pause.message}"` : "."}</p>
      <button type="button" className="inline-flex min-h-11 items-center rounded-md bg-white px-4 text-base font-bold text-red-800 shadow-sm hover:bg-red-50" onClick={() => void resume()}>
        Resume
      </button>
    </div>
  );
}
