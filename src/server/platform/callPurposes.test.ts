import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BALANCE_POOL, LOOKUP_POOL, poolOf, SQUARE_PURPOSES, WORK_POOL, type SquarePurpose } from "./callPurposes";
import { squareClient } from "./squareClient";

const CONFIG = { accessToken: "token", locationId: "L1", environment: "sandbox" as const, timeoutInSeconds: 1, maxRetries: 0 };

/** Every TypeScript file of the server and the functions, with its text. */
function sources(): { path: string; text: string }[] {
  const roots = ["src", "netlify/functions"];
  const found: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.m?tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push({ path, text: readFileSync(path, "utf8") });
    }
  };
  for (const root of roots) walk(root);
  return found;
}

describe("every call to Square names its purpose", () => {
  it("refuses to build a client without one, before anything is sent", async () => {
    await expect(squareClient(undefined as never, CONFIG)).rejects.toThrow(/must name its purpose/);
    await expect(squareClient("lookups" as never, CONFIG)).rejects.toThrow(/must name its purpose/);
    // The type says so too: a client asked for without a purpose does not compile.
    // @ts-expect-error a call to Square must name its purpose
    const unnamed = () => squareClient();
    expect(typeof unnamed).toBe("function");
  });

  it("is built in one place, and every call site there names a purpose Square's calls know", () => {
    const files = sources();
    const builders = files.filter((file) => /new SquareClient\(/.test(file.text)).map((file) => file.path);
    expect(builders).toEqual([join("src", "server", "platform", "squareClient.ts")]);
    const unnamed: string[] = [];
    for (const file of files) {
      for (const match of file.text.matchAll(/\bsquareClient\(([^),]*)/g)) {
        const first = match[1]!.trim();
        if (first.startsWith("purpose")) continue;
        const literal = /^"([a-z-]+)"$/.exec(first);
        if (!literal || !(SQUARE_PURPOSES as readonly string[]).includes(literal[1]!)) unnamed.push(`${file.path}: squareClient(${first})`);
      }
    }
    expect(unnamed).toEqual([]);
  });
});

describe("the places each purpose takes", () => {
  it("are the charges' only for charges, their checks and refunds; every other purpose has places apart from them", () => {
    const charges = (["charge", "charge-check", "refund"] as SquarePurpose[]).map((purpose) => poolOf(purpose, 8));
    expect(charges).toEqual(Array(3).fill({ firstSlot: 1, inFlight: 8 }));
    for (const purpose of SQUARE_PURPOSES.filter((name) => !["charge", "charge-check", "refund"].includes(name))) {
      expect(poolOf(purpose, 100).firstSlot, purpose).toBeGreaterThan(100);
    }
    expect(poolOf("lookup", 8)).toBe(LOOKUP_POOL);
    expect(poolOf("gift-card-balance", 8)).toBe(BALANCE_POOL);
    expect(poolOf("catalog", 8)).toBe(WORK_POOL);
  });

  it("never overlap, and lie within the rows the migrations make (1-120)", () => {
    const rows = [BALANCE_POOL, LOOKUP_POOL, WORK_POOL].flatMap((pool) => Array.from({ length: pool.inFlight }, (_, index) => pool.firstSlot! + index));
    expect(new Set(rows).size).toBe(rows.length);
    expect(Math.min(...rows)).toBeGreaterThan(100);
    expect(Math.max(...rows)).toBeLessThanOrEqual(120);
  });
});
