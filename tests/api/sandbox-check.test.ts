// `npm run sandbox:check` against the fake Square (SQUARE_BASE_URL) instead of Square's sandbox: whichever
// reading of each open question the fake is set to, the check reports that reading, so against the real
// sandbox it reports Square's. Without sandbox keys it says what it needs in one sentence and ends with 0.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { squareClient } from "../../src/server/platform/squareClient";
import { NEEDS_KEYS, runSandboxCheck } from "../../tools/sandbox/check";
import type { FakeSquareReadings } from "../support/fakeSquareReadings";
import { useOrderServices } from "../support/orderServices";

const running = useOrderServices();
const ROOT = join(import.meta.dirname, "..", "..");
const SCRIPT = ["--import", join(ROOT, "tools/sandbox/resolveTs.mjs"), join(ROOT, "tools/sandbox/check.ts")];
const run = promisify(execFile);

/** A gift card's token as the sandbox checkout's gift card field would give it. */
async function aGiftCardToken(): Promise<string> {
  const client = await squareClient("setup");
  const { giftCard } = await client.giftCards.create({ idempotencyKey: crypto.randomUUID(), locationId: running.square.locationId, giftCard: { type: "DIGITAL" } });
  return running.square.giftCards.giftCardToken(giftCard!.gan!);
}

const BOTH: FakeSquareReadings[] = [
  { loyalty: "paid", orderPercentage: "once", lineFixedAmount: "per-line", fromNonce: "reads" },
  { loyalty: "completed", orderPercentage: "per-line", lineFixedAmount: "per-unit", fromNonce: "spends" },
];

describe("the sandbox check", () => {
  it.each(BOTH)("reports the reading Square follows (loyalty $loyalty, order percentage $orderPercentage, line amount $lineFixedAmount, from-nonce $fromNonce)", async (readings) => {
    running.square.loyalty.seedProgram();
    Object.assign(running.square.readings, readings);
    const lines: string[] = [];
    const findings = await runSandboxCheck({ giftCardToken: await aGiftCardToken(), walletToken: "wnon:test-google-pay-ok" }, (line) => lines.push(line));
    const reported = Object.fromEntries((findings ?? []).flatMap((finding) => (finding.reading ? [[finding.reading.name, finding.reading.value]] : [])));
    expect(reported).toEqual(readings);
    expect(lines).toHaveLength(6);
    expect(lines.join("\n")).toMatch(/\$9\.95 \+ \$12\.95: Square took (229|230) cents off/);
    // The wallet's authorization is cancelled once described, and described as the fake models it.
    expect(lines.at(-1)).toMatch(/The fake models it so\./);
    expect(running.square.charges().filter((payment) => payment.amount_money.amount === 100).map((payment) => payment.status)).toEqual(["CANCELED"]);
  });

  it("says what it needs in one sentence and ends without error when no sandbox keys are set", async () => {
    const { stdout, stderr } = await run(process.execPath, SCRIPT, { cwd: mkdtempSync(join(tmpdir(), "sandbox-check-")), env: { PATH: process.env.PATH } });
    expect(stdout).toBe(`${NEEDS_KEYS}\n`);
    expect(stderr).toBe("");
  });

  it("never runs on production keys (it makes payments)", async () => {
    const env = { PATH: process.env.PATH, SQUARE_ACCESS_TOKEN: "EAAA-production", SQUARE_LOCATION_ID: "L1", SQUARE_ENVIRONMENT: "production" };
    const { stdout } = await run(process.execPath, SCRIPT, { cwd: mkdtempSync(join(tmpdir(), "sandbox-check-")), env });
    expect(stdout).toBe(`${NEEDS_KEYS}\n`);
  });

  it("runs as npm runs it against the keys it is given, asking each question", { timeout: 90_000 }, async () => {
    running.square.loyalty.seedProgram();
    const env = { PATH: process.env.PATH, SQUARE_ACCESS_TOKEN: running.square.accessToken, SQUARE_LOCATION_ID: running.square.locationId, SQUARE_BASE_URL: running.square.url };
    const { stdout } = await run(process.execPath, SCRIPT, { cwd: mkdtempSync(join(tmpdir(), "sandbox-check-")), env });
    expect(stdout).toMatch(/^Asking Square's sandbox/);
    expect(stdout).toMatch(/Points for a paid pickup still OPEN: Square accumulated 2 points while the pickup was OPEN\. Matches the fakes' reading loyalty: "paid"/);
    expect(stdout).toMatch(/A line's \$1\.00 fixed amount with quantity 2: Square took 100 cents off the line/);
    expect(stdout).toMatch(/A wallet's delayed-capture authorization: Not asked: pass --wallet-token/);
  });
});
