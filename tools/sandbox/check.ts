// `npm run sandbox:check [-- --gift-card-token T] [--wallet-token T]`: with the owner's Square sandbox keys
// (SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID, SQUARE_ENVIRONMENT=sandbox, read through src/server/config.ts),
// asks Square's sandbox each question its pages leave open (./questions.ts, ./loyaltyQuestion.ts), prints
// what Square answered and which reading of the fakes that matches. Without sandbox keys it says what it
// needs in one sentence and ends without error; it never runs on production keys (it makes payments).
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type { SquareClient } from "square";
import { squareConfig } from "../../src/server/platform/squareConfig.ts";
import { DEFAULT_READINGS } from "../../tests/support/fakeSquareReadings.ts";
import { pointsOnOpenPickup } from "./loyaltyQuestion.ts";
import { fromNonceTwice, lineFixedAmount, orderPercentage, refusalOf, walletAuthorization, type Finding, type Tokens } from "./questions.ts";

export const NEEDS_KEYS =
  "The sandbox check needs the owner's Square sandbox keys: set SQUARE_ACCESS_TOKEN, SQUARE_LOCATION_ID and SQUARE_ENVIRONMENT=sandbox (from the Developer Console's Sandbox tab), then run npm run sandbox:check again.";

/** One question asked; a failure of the sequence itself is reported as its answer, and the others still run. */
async function asked(question: string, ask: () => Promise<Finding>): Promise<Finding> {
  try {
    return await ask();
  } catch (error) {
    return { question, answered: `Could not be asked: ${refusalOf(error)}.`, reading: null };
  }
}

/** The line printed for a finding: Square's answer, then the reading it matches and whether the fakes' default is that one. */
export function describeFinding(finding: Finding): string {
  const reading = finding.reading;
  const verdict = !reading
    ? ""
    : DEFAULT_READINGS[reading.name] === reading.value
      ? ` Matches the fakes' reading ${reading.name}: "${reading.value}" (their default).`
      : ` Matches the fakes' reading ${reading.name}: "${reading.value}", not their default "${DEFAULT_READINGS[reading.name]}": tell the developers.`;
  return `${finding.question}: ${finding.answered}${verdict}`;
}

/**
 * This runs on the owner's machine, never on Netlify: it says so as Netlify's dev context does, so the
 * local-only settings apply (SQUARE_BASE_URL, which points it at the fake Square in tests).
 */
function runLocally(): void {
  const global = globalThis as { Netlify?: unknown };
  global.Netlify ??= { context: { deploy: { context: "dev" } } };
}

/** Runs every question with these keys; answers the findings, printing each line with `print`. */
export async function runSandboxCheck(tokens: Tokens, print: (line: string) => void): Promise<Finding[] | null> {
  const config = squareConfig();
  if (!config || config.environment !== "sandbox") {
    print(NEEDS_KEYS);
    return null;
  }
  const { SquareClient, SquareEnvironment } = await import("square");
  const client: SquareClient = new SquareClient({ token: config.accessToken, environment: SquareEnvironment.Sandbox, ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}), maxRetries: 1 });
  print(`Asking Square's sandbox (location ${config.locationId.slice(-4).padStart(config.locationId.length, "•")}):`);
  const findings: Finding[] = [];
  const questions: [string, () => Promise<Finding>][] = [
    ["Points for a paid pickup still OPEN", () => pointsOnOpenPickup(client, config.locationId)],
    ["A 10% discount on an order of $9.95 + $12.95", () => orderPercentage(client, config.locationId)],
    ["A line's $1.00 fixed amount with quantity 2", () => lineFixedAmount(client, config.locationId)],
    ["from-nonce twice on one gift card token", () => fromNonceTwice(client, tokens)],
    ["A wallet's delayed-capture authorization", () => walletAuthorization(client, config.locationId, tokens)],
  ];
  for (const [question, ask] of questions) {
    const finding = await asked(question, ask);
    findings.push(finding);
    print(`- ${describeFinding(finding)}`);
  }
  return findings;
}

async function main(): Promise<void> {
  runLocally();
  // The owner's keys may sit in the project's .env, as for `npm run dev`.
  if (existsSync(".env")) process.loadEnvFile(".env");
  const { values } = parseArgs({ options: { "gift-card-token": { type: "string" }, "wallet-token": { type: "string" } } });
  await runSandboxCheck({ giftCardToken: values["gift-card-token"], walletToken: values["wallet-token"] }, (line) => console.log(line));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
