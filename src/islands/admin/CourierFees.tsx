// The Sales tab's courier part: per week, what DoorDash charged for its deliveries against what
// customers paid for delivery on those orders (the CSV carries the same per order).
import type { CourierFeeWeek } from "../../domain/sales";
import { money } from "./shared";

export function CourierFees({ weeks }: { weeks: readonly CourierFeeWeek[] }) {
  if (weeks.length === 0) return null;
  return (
    <table className="w-full text-sm">
      <caption className="mb-1 text-left text-lg font-semibold">Courier fees (DoorDash) by week</caption>
      <thead>
        <tr className="text-left">
          <th scope="col">Week of</th>
          <th scope="col">Deliveries</th>
          <th scope="col">Paid to DoorDash</th>
          <th scope="col">Collected from customers</th>
          <th scope="col">Difference</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.weekOf}>
            <td>{week.weekOf}</td>
            <td>{week.deliveries}</td>
            <td>{money(week.feesPaid)}</td>
            <td>{money(week.feesCollected)}</td>
            <td>{money(Math.round((week.feesCollected - week.feesPaid) * 100) / 100)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
