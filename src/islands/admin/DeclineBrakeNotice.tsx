// The console's notice while the brake on declined cards is on (GET /api/square-status): what the site
// does by itself, why it tripped (bank declines by network, each a short hash: no address is kept), and
// the owner's switch to turn it off (DELETE /api/admin/decline-brake, in the activity log).
import { useState } from "react";
import type { SquareStatus } from "../../domain/squareStatus";
import { apiRequest } from "../../lib/api";
import { toast } from "../../stores/toasts";
import { dangerButton, failed } from "./shared";

interface Props {
  brake: SquareStatus["declineBrake"];
  isOwner?: boolean;
  /** After the owner turned it off: the console reads the status again. */
  onReleased?: () => void;
}

export function DeclineBrakeNotice({ brake, isOwner = false, onReleased }: Props) {
  const [releasing, setReleasing] = useState(false);
  if (!brake) return null;
  const until = new Date(brake.until).toLocaleTimeString("en-US", { timeZone: "America/New_York", hour: "numeric", minute: "2-digit" });

  async function release() {
    setReleasing(true);
    try {
      await apiRequest("/api/admin/decline-brake", { method: "DELETE" });
      toast({ title: "Brake Off", description: "Card payments no longer need the bank's check." });
      onReleased?.();
    } catch (error) {
      failed("Could not turn the brake off", error);
    } finally {
      setReleasing(false);
    }
  }

  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
      <p>
        Many declined cards on the website (card testing?): every card payment must pass the bank's check until {until}. Apple Pay,
        Google Pay and Cash App Pay still pay. Ordering stays open; pause it in the Hours tab if it goes on.
      </p>
      {brake.networks && brake.networks.length > 0 && (
        <p className="mt-2 text-sm">
          {brake.declines} cards declined by their banks in the last 10 minutes, from these networks (a short code each):{" "}
          {brake.networks.map((network) => `${network.network} (${network.declines})`).join(", ")}.
        </p>
      )}
      {isOwner && (
        <button type="button" className={`${dangerButton} mt-3`} onClick={() => void release()} disabled={releasing}>
          {releasing ? "Turning off..." : "Turn off the brake"}
        </button>
      )}
    </div>
  );
}
