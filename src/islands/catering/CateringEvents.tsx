// The staff's Orders tab: the next 30 days of catering events, each with its trays, headcount, diner and
// deposit or balance state, so the line plans the days ahead. Read from GET /api/admin/catering (staff)
// when the tab opens, and on Refresh; the owner's Catering tab keeps the rules and the trays.
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../lib/api";
import { failed, secondaryButton } from "../admin/shared";
import { CateringCalendar, type CalendarEvent } from "./CateringCalendar";

interface Answer {
  setup: { rules: { traysPerDay: number } };
  orders: CalendarEvent[];
}

export function CateringEvents() {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const load = useCallback(() => {
    apiRequest<Answer>("/api/admin/catering").then(setAnswer, (error) => failed("Could not load the catering events", error));
  }, []);
  useEffect(load, [load]);
  return (
    <section aria-labelledby="catering-events" className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="catering-events" className="text-lg font-semibold">Catering: the next 30 days</h3>
        <button type="button" className={secondaryButton} onClick={load}>Refresh catering</button>
      </div>
      {answer === null ? <p role="status">Loading the catering events...</p> : <CateringCalendar events={answer.orders} traysPerDay={answer.setup.rules.traysPerDay} />}
    </section>
  );
}
