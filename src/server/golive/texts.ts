// The go-live line of order texts, first on the list because its registration takes weeks: US carriers
// filter texts from a long code that is not registered for A2P 10DLC (a brand, then a campaign, reviewed
// by The Campaign Registry). Without Twilio's keys texts stay off (the news goes by e-mail) and the line
// names what is missing; with them it reads, never writes, the Messaging Service's campaign
// (https://www.twilio.com/docs/messaging/api/usapptoperson-resource: campaign_status IN_PROGRESS, VERIFIED, FAILED).
import type { GoLiveLine } from "../../domain/goLive";
import { serverConfig } from "../config";
import { line, type Check, type LineSpec } from "./lines";

export const TEXTS_LINE: LineSpec = { id: "texts", group: "Texts", title: "Order texts: A2P 10DLC brand and campaign (start first: weeks)", required: false, section: "order-texts-start-first" };
const KEYS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_MESSAGING_SERVICE_SID"] as const;

async function campaignStatuses(accountSid: string, authToken: string, serviceSid: string): Promise<{ status: number; campaigns: string[] }> {
  const res = await fetch(`https://messaging.twilio.com/v1/Services/${encodeURIComponent(serviceSid)}/Compliance/Usa2p`, {
    headers: { authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}` },
    signal: AbortSignal.timeout(4_500),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  // The list's key is the resource's name; each entry carries its campaign_status.
  const entries = Object.values(body).find(Array.isArray) as { campaign_status?: string }[] | undefined;
  return { status: res.status, campaigns: (entries ?? []).map((entry) => String(entry.campaign_status ?? "")) };
}

export const textsCheck: Check = {
  specs: [TEXTS_LINE],
  run: async (): Promise<GoLiveLine[]> => {
    const config = serverConfig();
    const missing = KEYS.filter((key) => !config[key]);
    if (missing.length > 0) {
      return [line(TEXTS_LINE, "amber", `Texts are off (diners get e-mails only): ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set.`, "Register the sending number for A2P 10DLC first (a brand, then a campaign: weeks of review), then set the Twilio keys (docs/texts.md).")];
    }
    const { status, campaigns } = await campaignStatuses(config.TWILIO_ACCOUNT_SID!, config.TWILIO_AUTH_TOKEN!, config.TWILIO_MESSAGING_SERVICE_SID!);
    if (status === 401 || status === 403 || status === 404) {
      return [line(TEXTS_LINE, "red", `Twilio refused the keys or the Messaging Service (${status}).`, "Check TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_MESSAGING_SERVICE_SID in Twilio's Console (docs/texts.md).")];
    }
    if (campaigns.includes("VERIFIED")) return [line(TEXTS_LINE, "green", "The Messaging Service's A2P 10DLC campaign is verified: order texts go out.", "", { lastSeenWorking: new Date().toISOString() })];
    if (campaigns.some((state) => state === "IN_PROGRESS" || state === "PENDING")) {
      return [line(TEXTS_LINE, "amber", "The A2P 10DLC campaign is under review: carriers may filter texts until it is verified.", "Wait for Twilio's e-mail; nothing to change on the site (docs/texts.md).")];
    }
    return [line(TEXTS_LINE, "amber", campaigns.length ? `The A2P 10DLC campaign is ${campaigns.join(", ")}.` : "The Messaging Service has no A2P 10DLC campaign: carriers filter its texts.", "Register the brand and a campaign in Twilio's Console (docs/texts.md).")];
  },
};
