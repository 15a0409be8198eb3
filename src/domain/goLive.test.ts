// Readiness of the go-live checklist: the console's banner stays until every required line is green.
import { describe, expect, it } from "vitest";
import { isReady, type GoLiveLine } from "./goLive";

describe("readiness", () => {
  const line = (status: GoLiveLine["status"], required: boolean) => ({ status, required }) as GoLiveLine;
  it("waits for every required line to be green, whatever the optional ones say", () => {
    expect(isReady([line("green", true), line("amber", false), line("red", false)])).toBe(true);
    expect(isReady([line("green", true), line("amber", true)])).toBe(false);
    expect(isReady([line("red", true)])).toBe(false);
  });
});
