// The go-live line of Square Loyalty: optional. Square's program `main` decides whether the site offers
// points; the API cannot make one, so a missing or inactive program is the owner's step in Square's
// Dashboard (a Square Loyalty subscription), never an error of the site.
import type { GoLiveLine } from "../../domain/goLive";
import { forgetLoyaltyProgram, loyaltyProgram } from "../loyalty/program";
import { squareConfig } from "../square/squareClient";
import { line, type Check, type LineSpec } from "./lines";

export const LOYALTY_LINE: LineSpec = { id: "square-loyalty", group: "Square", title: "Loyalty points (optional)", required: false, section: "square-loyalty" };

export const loyaltyCheck: Check = {
  specs: [LOYALTY_LINE],
  run: async (): Promise<GoLiveLine[]> => {
    if (!squareConfig()) return [line(LOYALTY_LINE, "amber", "Not checked until Square is connected.", "Connect Square first (the lines above).")];
    // The checklist asks Square now, not what this instance kept.
    forgetLoyaltyProgram();
    const program = await loyaltyProgram();
    if (program.enabled) {
      return [line(LOYALTY_LINE, "green", `Square's loyalty program is active with ${program.tiers.length} reward tier(s): the site offers points.`, "", { lastSeenWorking: new Date().toISOString() })];
    }
    return [line(LOYALTY_LINE, "amber", `The site offers no points: ${program.reason}.`, "To offer points, subscribe to Square Loyalty and set up the program and its reward tiers in Square's Dashboard (docs/loyalty.md).")];
  },
};
