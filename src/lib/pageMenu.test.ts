import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** A fetch that counts its calls and answers a menu with one kitchen line. */
function countingFetch() {
  const calls: string[] = [];
  vi.stubGlobal("fetch", async (url: string) => {
    calls.push(url);
    return new Response(JSON.stringify({ kitchen: { state: "open", lines: ["Brunch until 3:00 PM"] } }), { status: 200 });
  });
  return calls;
}

describe("the menu's answer on a page", () => {
  it("is asked once for two scripts that want it together, and again after a minute", async () => {
    const calls = countingFetch();
    const { pageMenuAnswer } = await import("./pageMenu");
    const [first, second] = await Promise.all([pageMenuAnswer(1_000), pageMenuAnswer(1_500)]);
    expect(first?.kitchen?.lines).toEqual(["Brunch until 3:00 PM"]);
    expect(second).toBe(first);
    expect(calls).toEqual(["/api/menu"]);
    await pageMenuAnswer(62_000);
    expect(calls).toEqual(["/api/menu", "/api/menu"]);
  });

  it("answers null when the server fails, and asks again rather than keep the failure past a minute", async () => {
    vi.stubGlobal("fetch", async () => new Response("down", { status: 503 }));
    const { pageMenuAnswer } = await import("./pageMenu");
    expect(await pageMenuAnswer(0)).toBeNull();
    const calls = countingFetch();
    expect((await pageMenuAnswer(61_000))?.kitchen?.state).toBe("open");
    expect(calls).toHaveLength(1);
  });
});
