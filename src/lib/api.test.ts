import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "./api";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  const fetch = vi.fn(async () => new Response(body, { status, headers }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the browser's API client", () => {
  it("sends JSON with the page's language and answers the JSON it gets back", async () => {
    const fetch = answer(200, JSON.stringify({ ok: true }));
    expect(await apiRequest("/api/things", { body: { a: 1 } })).toEqual({ ok: true });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: "POST", body: '{"a":1}', credentials: "include" });
    expect(init.headers).toMatchObject({ "content-type": "application/json", accept: "application/json", "x-site-locale": "en" });
  });

  it("turns a refusal into an error with the status, the server's sentence, its code and issues, and how long to wait", async () => {
    const body = { error: "Too many orders from this network.", code: "rate_limited", issues: [{ path: "items", message: "too many" }] };
    answer(429, JSON.stringify(body), { "retry-after": "30" });
    const error = (await apiRequest("/api/orders", { body: {} }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe(`429: ${JSON.stringify(body)}`);
    expect([error.status, error.serverMessage, error.body?.code, error.body?.issues, error.retryAfter]).toEqual([
      429,
      "Too many orders from this network.",
      "rate_limited",
      [{ path: "items", message: "too many" }],
      30,
    ]);
  });

  it("keeps a refusal that is not JSON as its text, with no body to read", async () => {
    answer(502, "Bad gateway");
    const error = (await apiRequest("/api/menu").catch((e: unknown) => e)) as ApiError;
    expect([error.message, error.body, error.serverMessage, error.retryAfter]).toEqual(["502: Bad gateway", null, undefined, undefined]);
  });
});
