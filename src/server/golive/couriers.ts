// The go-live line of courier delivery: without DoorDash Drive keys the site delivers itself (its own
// delivery fee applies) and the line says so; with them, the keys must take a quote to the restaurant's
// own address (never accepted, so nothing is dispatched or billed).
import type { GoLiveLine } from "../../domain/goLive";
import { checkCourierKeys } from "../delivery";
import { line, type Check, type LineSpec } from "./lines";

export const COURIER_LINE: LineSpec = { id: "couriers", group: "Couriers", title: "Courier keys take a quote", required: false, section: "couriers" };

export const couriersCheck: Check = {
  specs: [COURIER_LINE],
  run: async (): Promise<GoLiveLine[]> => {
    const checked = await checkCourierKeys();
    if (checked.status === "not_configured") {
      return [line(COURIER_LINE, "amber", "Not available yet: delivery orders are the restaurant's own, at its delivery fee.", "Nothing to do until couriers come to the site (docs/couriers.md).")];
    }
    if (checked.status === "ok") return [line(COURIER_LINE, "green", checked.detail, "", { lastSeenWorking: new Date().toISOString() })];
    return [line(COURIER_LINE, "red", `DoorDash did not take a quote: ${checked.detail}.`, "Check DOORDASH_DEVELOPER_ID, DOORDASH_KEY_ID and DOORDASH_SIGNING_SECRET against the Developer Portal's access key (docs/couriers.md).")];
  },
};
