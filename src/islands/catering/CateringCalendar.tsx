// The console's 30-day catering calendar: each Miami day from today with the trays booked of the day's room,
// and each event's time, trays, headcount, diner and money state (a held card, an invoice's deposit and
// balance). Read from GET /api/admin/catering's `orders` (cancelled events are left out of the room).
import { BALANCE_DAYS_BEFORE, DEPOSIT_PERCENT } from "../../domain/catering";
import { restaurantTime } from "../../domain/hours";
import { nextDate } from "../../domain/schedule";
import { Badge } from "../admin/shared";

export interface CalendarEvent {
  id: string;
  status: string;
  eventAt: string;
  headcount: number;
  trays: number;
  totalCents: number;
  customerName: string;
  customerPhone: string;
  lines: { name: string; quantity: number }[];
  /** What Square said was paid of an invoice so far (0 for a held card). */
  paidCents: number;
}

const MONEY: Record<string, { tone: "green" | "yellow" | "grey"; label: string }> = {
  authorized: { tone: "yellow", label: "Card held: charged the event's morning" },
  captured: { tone: "green", label: "Paid" },
  invoiced: { tone: "yellow", label: "Invoice sent: deposit due" },
  deposit_paid: { tone: "yellow", label: "Deposit paid: balance due 48 hours before" },
  paid: { tone: "green", label: "Deposit and balance paid" },
  cancelled: { tone: "grey", label: "Cancelled" },
};
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** An invoice's deposit and balance in amounts and days ("Deposit $236.50 paid; balance $236.50 due Tue, Dec 15"). */
function invoiceState(event: CalendarEvent): string | null {
  const balanceDue = dayName(nextDate(restaurantTime(new Date(event.eventAt)).date, -BALANCE_DAYS_BEFORE));
  if (event.status === "invoiced") return `Deposit ${dollars(Math.round((event.totalCents * DEPOSIT_PERCENT) / 100))} due now; balance due ${balanceDue}`;
  if (event.status === "deposit_paid") return `Deposit ${dollars(event.paidCents)} paid; balance ${dollars(event.totalCents - event.paidCents)} due ${balanceDue}`;
  return null;
}
const dayName = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });
const timeOf = (iso: string) => new Date(iso).toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" });

export function CateringCalendar({ events, traysPerDay }: { events: CalendarEvent[]; traysPerDay: number }) {
  const today = restaurantTime(new Date()).date;
  const days = Array.from({ length: 30 }, (_, index) => nextDate(today, index));
  const onDay = (date: string) => events.filter((event) => restaurantTime(new Date(event.eventAt)).date === date);
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left text-lg font-bold">The next 30 days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Trays booked</th>
          <th scope="col">Events</th>
        </tr>
      </thead>
      <tbody>
        {days.map((date) => {
          const booked = onDay(date);
          const trays = booked.filter((event) => event.status !== "cancelled").reduce((sum, event) => sum + event.trays, 0);
          return (
            <tr key={date} className="border-t border-stone-200 align-top">
              <th scope="row" className="py-2 pr-3 font-semibold">{dayName(date)}</th>
              <td className="py-2 pr-3">{trays} of {traysPerDay}</td>
              <td className="py-2">
                {booked.map((event) => (
                  <p key={event.id} className="flex flex-wrap items-center gap-2">
                    <strong>{timeOf(event.eventAt)}</strong> {event.headcount} people: {event.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ")}; ${(event.totalCents / 100).toFixed(2)}, {event.customerName} ({event.customerPhone})
                    <Badge tone={MONEY[event.status]?.tone ?? "grey"}>{MONEY[event.status]?.label ?? event.status}</Badge>
                    {invoiceState(event) && <span>{invoiceState(event)}</span>}
                  </p>
                ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
