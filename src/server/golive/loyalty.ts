// The go-live line of Square Loyalty: optional. Square's program `main` decides whether the site offers
// points; the API cannot make one, so a missing or inactive program is the owner's step in Square's
// Dashboard (a Square Loyalty subscription), never an error of the site.
import type { GoLiveLine } from "../../domain/goLive";
import { forgetLoyaltyProgram, loyaltyProgram } from "../loyalty";
import { squareConfig } from "../platform/squareClient";
import { phoneVerifier } from "../verify";
import { line, type Check, type LineSpec } from "./lines";

export const LOYALTY_LINE: LineSpec = { id: "square-loyalty", group: "Square", title: "Loyalty points (optional)", required: false, section: "square-loyalty" };

export const loyaltyCheck: Check = {
  specs: [LOYALTY_LINE],
  run: async (): Promise<GoLiveLine[]> => {
    if (!squareConfig()) return [line(LOYALTY_LINE, "amber", "Not checked until Square is connected.", "Connect Square first (the lines above).")];
    // The checklist asks Square now, not what this instance kept.
    forgetLoyaltyProgram();
    const program = await loyaltyProgram();
    // A diner links loyalty only through a phone proved by a texted code: without the service, nothing is offered.
    if (program.enabled && !phoneVerifier()) {
      return [line(LOYALTY_LINE, "amber", "Square's loyalty program is active, but the site offers no points: the Twilio Verify keys are not set.", "Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_VERIFY_SERVICE_SID in Netlify (docs/loyalty.md).")];
    }
    if (program.enabled) {
      return [line(LOYALTY_LINE, "green", `Square's loyalty program is active with ${program.tiers.length} reward tier(s): the site offers points.`, "", { lastSeenWorking: new Date().toISOString() })];
    }
    return [line(LOYALTY_LINE, "amber", `The site offers no points: ${program.reason}.`, "To offer points, subscribe to Square Loyalty and set up the program and its reward tiers in Square's Dashboard (docs/loyalty.md).")];
  },
};
