// Scheduled every 15 minutes: takes the catering cards held for events whose morning has come, and any
// hold that would otherwise reach 6 days (src/server/catering/holds.ts); then gives the kitchen the
// confirmed events that did not reach its board or the POS at once (src/server/catering/kitchen.ts).
import "../../src/server/participants";
import { sendWaitingToKitchen, takeDueHolds } from "../../src/server/catering";
import { log } from "../../src/server/platform/http";

export default async (): Promise<Response> => {
  const swept = await takeDueHolds().catch((error: unknown) => {
    log("error", "catering holds run failed", { error: error instanceof Error ? error.message : String(error) });
    return null;
  });
  if (swept && (swept.taken || swept.failed)) log("info", "catering holds taken", { ...swept });
  const sent = await sendWaitingToKitchen().catch((error: unknown) => {
    log("error", "catering events could not be given to the kitchen", { error: error instanceof Error ? error.message : String(error) });
    return 0;
  });
  if (sent) log("info", "catering events given to the kitchen again", { sent });
  return new Response(null, { status: 204 });
};

export const config = { schedule: "*/15 * * * *" };
