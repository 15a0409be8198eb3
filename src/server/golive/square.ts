// The go-live lines of Square, all read-only: the token accepted (a list of the account's locations),
// the location active and able to take cards, the environment the token belongs to, the application id
// of the same environment, the webhook's last verified notification and the catalogue's last sync.
import type { GoLiveLine } from "../../domain/goLive";
import { serverConfig } from "../config";
import { lastOutcome } from "../platform/serviceOutcomes";
import { squareClient, squareConfig, squareSdk, type SquareConfig } from "../platform/squareClient";
import { lastVerifiedNotificationAt, describeSquareError } from "../square";
import { CHECK_TIMEOUT_MS, lastFour, line, when, within, type Check, type LineSpec } from "./lines";

const spec = (id: string, title: string, required = true, section = "square-app-and-webhooks"): LineSpec => ({ id, group: "Square", title, required, section });
export const SQUARE_LINES = {
  token: spec("square-token", "Access token accepted"),
  location: spec("square-location", "Location takes card payments"),
  environment: spec("square-environment", "Environment matches the token"),
  applicationId: spec("square-application-id", "Application id matches the environment"),
  webhook: spec("square-webhook", "Notifications verified"),
  catalogue: spec("square-catalogue", "Menu synced with Square's catalogue", false),
  giftCards: spec("square-gift-cards", "Gift cards", false),
};

type Environment = SquareConfig["environment"];
const other = (environment: Environment): Environment => (environment === "production" ? "sandbox" : "production");

/** Square's application ids say their environment: sandbox ones start "sandbox-sq0idb-", production ones "sq0idp-". */
export function applicationIdEnvironment(applicationId: string): Environment | null {
  if (applicationId.startsWith("sandbox-sq0idb-")) return "sandbox";
  if (applicationId.startsWith("sq0idp-")) return "production";
  return null;
}

interface Locations {
  ok: true;
  locations: { id: string; name: string; status: string; capabilities: string[] }[];
}
type Refused = { ok: false; refused: boolean; message: string };

/** The account's locations with `config`'s token, or why not: quick (no retry, at most 5 s). */
async function listLocations(config: SquareConfig): Promise<Locations | Refused> {
  try {
    const client = await squareClient("setup", { ...config, maxRetries: 0, timeoutInSeconds: Math.min(config.timeoutInSeconds, CHECK_TIMEOUT_MS / 1000 - 0.5) });
    const { locations } = await client.locations.list();
    return {
      ok: true,
      locations: (locations ?? []).map((l) => ({ id: l.id ?? "", name: l.name ?? "(unnamed)", status: String(l.status ?? ""), capabilities: (l.capabilities ?? []).map(String) })),
    };
  } catch (error) {
    const { SquareError } = await squareSdk();
    const refused = error instanceof SquareError && error.statusCode === 401;
    return { ok: false, refused, message: (await describeSquareError(error)).message };
  }
}

/**
 * Whether the token belongs to the other environment: asked only of Square itself, never where a test
 * points the client (SQUARE_BASE_URL), so a test's token goes nowhere it did not name.
 */
async function belongsToOther(config: SquareConfig): Promise<boolean> {
  if (config.baseUrl) return false;
  // What is left of the check's 5 s after the refusal: a late answer leaves the question open.
  const answer = await within(2_500, listLocations({ ...config, environment: other(config.environment), timeoutInSeconds: 2 })).catch(() => null);
  return answer?.ok === true;
}

function applicationIdLine(environment: Environment): GoLiveLine {
  const s = SQUARE_LINES.applicationId;
  const id = serverConfig().PUBLIC_SQUARE_APPLICATION_ID;
  if (!id) return line(s, "red", "PUBLIC_SQUARE_APPLICATION_ID is not set, so the checkout shows no card form.", `Copy the ${environment} Application ID from Square's Developer Console into PUBLIC_SQUARE_APPLICATION_ID.`);
  const of = applicationIdEnvironment(id);
  const shown = `${id.slice(0, id.indexOf("-", 8) + 1) || id.slice(0, 7)}…${id.slice(-4)}`;
  if (of === environment) return line(s, "green", `${shown} is a ${environment} application id, as SQUARE_ENVIRONMENT says.`, "");
  if (of === null) return line(s, "red", `${shown} does not look like a Square application id (sandbox ones start "sandbox-sq0idb-", production ones "sq0idp-").`, `Copy the ${environment} Application ID from Square's Developer Console into PUBLIC_SQUARE_APPLICATION_ID.`);
  return line(s, "red", `${shown} is a ${of} application id, but SQUARE_ENVIRONMENT is ${environment}: the card form would not load.`, `Use the ${environment} Application ID (Square's Developer Console, Credentials, ${environment} mode).`);
}

async function webhookLine(): Promise<GoLiveLine> {
  const s = SQUARE_LINES.webhook;
  const { SQUARE_WEBHOOK_SIGNATURE_KEY: key, SQUARE_WEBHOOK_URL: url } = serverConfig();
  const subscribe = "In Square's Developer Console, add a webhook subscription to this site's /api/square/webhooks, then set SQUARE_WEBHOOK_URL and SQUARE_WEBHOOK_SIGNATURE_KEY.";
  if (!key || !url) {
    const missing = [!url && "SQUARE_WEBHOOK_URL", !key && "SQUARE_WEBHOOK_SIGNATURE_KEY"].filter(Boolean).join(" and ");
    return line(s, "red", `${missing} ${missing.includes(" and ") ? "are" : "is"} not set: the POS's "ready" and refunds made in Square do not reach the site.`, subscribe);
  }
  const [verified, refused] = await Promise.all([lastVerifiedNotificationAt(), lastOutcome("square-notification-refused")]);
  const seen = verified?.toISOString() ?? null;
  const keyText = `key ${lastFour(key)}, URL ${url}`;
  if (refused && (!verified || new Date(refused.at) > verified)) {
    return line(s, "red", `A notification at ${when(refused.at)} did not verify with ${keyText}.`, "Copy the subscription's signature key again, and make SQUARE_WEBHOOK_URL exactly its notification URL; then press Send test event in Square.", { lastSeenWorking: seen });
  }
  if (!verified) {
    return line(s, "red", `Set (${keyText}), but no notification has arrived yet.`, 'In Square\'s Developer Console, open the webhook subscription and press "Send test event".');
  }
  return line(s, "green", `The last notification verified at ${when(verified)} (${keyText}).`, "", { lastSeenWorking: seen });
}

async function catalogueLine(configured: boolean): Promise<GoLiveLine> {
  const s = SQUARE_LINES.catalogue;
  const outcome = await lastOutcome("square-catalogue-sync");
  if (!outcome) {
    return line(s, "amber", "The menu has not been synced with Square yet: it is the one in content/ and the console.", configured ? "Press Sync Now at the top of the console once Square's items have prices." : "Connect Square first.");
  }
  if (!outcome.ok) {
    return line(s, "red", `The last sync, at ${when(outcome.at)}, failed: ${outcome.detail}`, "Check the Square lines above, then press Sync Now.", { lastSeenWorking: outcome.lastOkAt });
  }
  return line(s, "green", `Synced at ${when(outcome.at)}: ${outcome.detail} It runs every hour and after changes in Square.`, "", { lastSeenWorking: outcome.at });
}

async function connectionLines(config: SquareConfig | null): Promise<GoLiveLine[]> {
  const L = SQUARE_LINES;
  const environment = config?.environment ?? serverConfig().SQUARE_ENVIRONMENT;
  if (!config) {
    const token = serverConfig().SQUARE_ACCESS_TOKEN;
    const setThem = "Set SQUARE_ACCESS_TOKEN and SQUARE_LOCATION_ID in Netlify (production context) from Square's Developer Console.";
    return [
      line(L.token, "red", token ? "SQUARE_ACCESS_TOKEN is set, but SQUARE_LOCATION_ID is not." : "SQUARE_ACCESS_TOKEN is not set: deployed, the checkout takes no orders (503).", setThem),
      line(L.location, "red", "SQUARE_LOCATION_ID is not set.", setThem),
      line(L.environment, "red", `SQUARE_ENVIRONMENT is ${environment}; no token to compare.`, setThem),
    ];
  }
  const token = lastFour(config.accessToken);
  const answer = await listLocations(config);
  if (!answer.ok) {
    const elsewhere = answer.refused && (await belongsToOther(config));
    return [
      line(L.token, "red", `Square's ${environment} answered for token ${token}: ${answer.message}`, answer.refused ? `Copy the ${environment} access token from Square's Developer Console into SQUARE_ACCESS_TOKEN.` : "Square could not be reached: try again in a minute."),
      line(L.location, "red", `Cannot be checked until the token works (location ${config.locationId}).`, "Fix the access token first."),
      elsewhere
        ? line(L.environment, "red", `Token ${token} belongs to Square's ${other(environment)}, but SQUARE_ENVIRONMENT is ${environment}.`, `Set SQUARE_ENVIRONMENT to ${other(environment)}, or use the ${environment} token.`)
        : line(L.environment, "red", `Cannot tell: Square's ${environment} does not take token ${token}.`, `Make sure SQUARE_ENVIRONMENT (${environment}) is where the token comes from in Square's Developer Console.`),
    ];
  }
  const now = new Date().toISOString();
  const found = answer.locations.find((location) => location.id === config.locationId);
  const names = answer.locations.map((location) => `${location.name} (${location.id})`).join(", ") || "none";
  let locationLine: GoLiveLine;
  if (!found) {
    locationLine = line(L.location, "red", `This Square account has no location ${config.locationId}; it has: ${names}.`, "Copy the restaurant's location id (Square Dashboard, Locations) into SQUARE_LOCATION_ID.");
  } else if (found.status !== "ACTIVE") {
    locationLine = line(L.location, "red", `${found.name} (${found.id}) is ${found.status || "not active"}.`, "Make the location active in Square's Dashboard, or use an active one.");
  } else if (!found.capabilities.includes("CREDIT_CARD_PROCESSING")) {
    locationLine = line(L.location, "red", `${found.name} (${found.id}) cannot take card payments yet.`, "Finish activating card payments for your Square account (squareup.com/activate).");
  } else {
    locationLine = line(L.location, "green", `${found.name} (${found.id}) is active and takes card payments.`, "", { lastSeenWorking: now });
  }
  return [
    line(L.token, "green", `Square's ${environment} accepts token ${token}.`, "", { lastSeenWorking: now }),
    locationLine,
    line(L.environment, "green", `Token ${token} belongs to Square's ${environment}, as SQUARE_ENVIRONMENT says.`, "", { lastSeenWorking: now }),
  ];
}

/** Square's connection: the calls to Square in one check (they share a time limit). */
export const squareConnectionCheck: Check = {
  specs: [SQUARE_LINES.token, SQUARE_LINES.location, SQUARE_LINES.environment],
  run: () => connectionLines(squareConfig()),
};

/** What the site knows of Square without asking it. */
export const squareRecordsCheck: Check = {
  specs: [SQUARE_LINES.applicationId, SQUARE_LINES.webhook, SQUARE_LINES.catalogue],
  run: async () => {
    const config = squareConfig();
    return [applicationIdLine(config?.environment ?? serverConfig().SQUARE_ENVIRONMENT), await webhookLine(), await catalogueLine(config !== null)];
  },
};
