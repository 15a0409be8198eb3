// The header's one-tap ordering control: pause online ordering (for a while or until resumed, with a
// message in both languages) and resume it.
import { useCallback, useEffect, useId, useState } from "react";
import { DEFAULT_PAUSE_MESSAGE } from "../../domain/scheduleSpanish";
import { API_CHANGED_EVENT, apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { loadHours, type HoursAnswer } from "./hoursApi";
import { pauseOf, readingOf, type Reading } from "./PauseBar";
import { dangerButton, failed, inputClass, primaryButton, secondaryButton } from "./shared";

/** The header's control: pause online ordering (for a while or until resumed, with a message) and busy minutes. */
export function OrderingControl() {
  const [reading, setReading] = useState<Reading | null>(null);
  const [open, setOpen] = useState(false);
  const [minutes, setMinutes] = useState<string>("60");
  const [message, setMessage] = useState(DEFAULT_PAUSE_MESSAGE.en);
  const [messageEs, setMessageEs] = useState(DEFAULT_PAUSE_MESSAGE.es);
  const messageId = useId();
  const messageEsId = useId();

  const load = useCallback(() => {
    loadHours().then((answer) => setReading(readingOf(answer)), () => undefined);
  }, []);
  useEffect(() => {
    load();
    // The pause bar's Resume (or the Hours tab) changed it: read it again.
    const onChanged = (event: Event) => {
      if (String((event as CustomEvent).detail).startsWith("/api/admin/hours")) load();
    };
    addEventListener(API_CHANGED_EVENT, onChanged);
    return () => removeEventListener(API_CHANGED_EVENT, onChanged);
  }, [load]);

  async function send(body: unknown, title: string) {
    try {
      setReading(readingOf(await apiRequest<HoursAnswer>("/api/admin/hours/ordering", { method: "PATCH", body })));
      toast({ title });
      setOpen(false);
    } catch (error) {
      failed("Ordering Not Changed", error);
    }
  }

  // Until the reading arrives, the same controls, disabled: the header keeps its size, so the tab list
  // under it does not move beneath a finger (or a pointer) on its way to a tab.
  if (!reading) {
    return (
      <div className="flex flex-wrap items-center gap-2" aria-busy="true">
        <button type="button" className={secondaryButton} disabled>Pause ordering</button>
        <BusySelect minutes={0} disabled onChange={() => undefined} />
      </div>
    );
  }
  const { answer } = reading;
  const { paused } = pauseOf(reading);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {paused ? (
        <button type="button" className={dangerButton} onClick={() => void send({ pause: null }, "Ordering Resumed")}>
          Resume ordering
        </button>
      ) : (
        <button type="button" className={secondaryButton} aria-expanded={open} onClick={() => setOpen(!open)}>
          Pause ordering
        </button>
      )}
      <BusySelect minutes={answer.schedule.busyMinutes} onChange={(value) => void send({ busyMinutes: value }, "Quoted Times Updated")} />
      {open && !paused && (
        <form
          className="flex w-full flex-wrap items-end gap-2 rounded-md border border-stone-300 bg-white p-3"
          onSubmit={(event) => {
            event.preventDefault();
            void send({ pause: { minutes: minutes === "" ? null : Number(minutes), message, messageEs } }, "Ordering Paused");
          }}
        >
          <label className="grid gap-1 text-sm font-medium">
            Pause for
            <select className={inputClass} value={minutes} onChange={(e) => setMinutes(e.target.value)}>
              <option value="30">30 minutes</option>
              <option value="60">1 hour</option>
              <option value="180">3 hours</option>
              <option value="">Until I resume</option>
            </select>
          </label>
          <label htmlFor={messageId} className="grid flex-1 gap-1 text-sm font-medium">
            Message for customers
            <input id={messageId} className={inputClass} value={message} maxLength={200} onChange={(e) => setMessage(e.target.value)} />
          </label>
          <label htmlFor={messageEsId} className="grid flex-1 gap-1 text-sm font-medium">
            In Spanish (Español)
            <input id={messageEsId} lang="es" className={inputClass} value={messageEs} maxLength={200} onChange={(e) => setMessageEs(e.target.value)} />
          </label>
          <button type="submit" className={primaryButton}>Pause now</button>
        </form>
      )}
    </div>
  );
}

/** The minutes added to quoted times when the kitchen is busy. */
function BusySelect({ minutes, disabled = false, onChange }: { minutes: number; disabled?: boolean; onChange: (minutes: number) => void }) {
  return (
    <label className="flex items-center gap-1 text-sm font-medium">
      Busy
      <select className={inputClass} value={minutes} disabled={disabled} onChange={(e) => onChange(Number(e.target.value))}>
        {[...new Set([0, 10, 20, 30, 45, 60, minutes])].sort((a, b) => a - b).map((value) => (
          <option key={value} value={value}>{value ? `+${value} min` : "Not busy"}</option>
        ))}
      </select>
    </label>
  );
}
