// The console's notice while the brake on declined cards is on (GET /api/square-status): what the site
// does by itself, and what only staff decide.
import type { SquareStatus } from "../../domain/squareStatus";

export function DeclineBrakeNotice({ brake }: { brake: SquareStatus["declineBrake"] }) {
  if (!brake) return null;
  const until = new Date(brake.until).toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" });
  return (
    <p role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
      Many declined cards on the website (card testing?): every card payment must pass the bank's check until {until}. Ordering stays
      open; pause it in the Hours tab if it goes on.
    </p>
  );
}
