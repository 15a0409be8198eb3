// Below today's orders, folded: the kitchen's own figure for the last 14 days, the share of orders ready by
// their promise plus 5 minutes, per day and section, and the two weeks (the owner is e-mailed when a week
// slips). Read when opened.
import { useState } from "react";
import { apiRequest } from "../../lib/api";
import { failed } from "./shared";

interface Share { ready: number; onTime: number; share: number | null }
interface KitchenAnswer {
  goal: number;
  days: (Share & { date: string; section: string })[];
  weeks: (Share & { from: string; to: string })[];
}

const SECTIONS = [
  ["jealous-fork", "Jealous Fork"],
  ["jealous-burger", "Jealous Burger"],
] as const;
const shown = (figure: Share | undefined) => (!figure || figure.share === null ? "–" : `${Math.round(figure.share * 100)}% (${figure.onTime}/${figure.ready})`);

export function KitchenTimes() {
  const [answer, setAnswer] = useState<KitchenAnswer | null>(null);
  const load = () => apiRequest<KitchenAnswer>("/api/admin/kitchen").then(setAnswer).catch((error) => failed("Could not load the kitchen's times", error));
  const dates = [...new Set((answer?.days ?? []).map((day) => day.date))].reverse();
  return (
    <details className="rounded-lg border border-stone-200 bg-white p-4" onToggle={(event) => (event.currentTarget.open && !answer ? void load() : undefined)}>
      <summary className="min-h-11 cursor-pointer py-2 text-lg font-semibold">Orders ready on time, the last 14 days</summary>
      {answer === null ? (
        <p role="status">Loading the kitchen's times...</p>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <p>
            Ready by their promise plus 5 minutes (goal {Math.round(answer.goal * 100)}%): last 7 days {shown(answer.weeks[1])}, the 7 before {shown(answer.weeks[0])}.
          </p>
          {dates.length === 0 ? (
            <p>No order was ready in these 14 days.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Orders ready on time per day and section</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  {SECTIONS.map(([, name]) => <th key={name} scope="col">{name}</th>)}
                </tr>
              </thead>
              <tbody>
                {dates.map((date) => (
                  <tr key={date} className="border-t border-stone-200">
                    <th scope="row" className="py-1 font-normal">{date}</th>
                    {SECTIONS.map(([section]) => <td key={section}>{shown(answer.days.find((day) => day.date === date && day.section === section))}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </details>
  );
}
