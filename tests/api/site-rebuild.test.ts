// Staff edits reach the prerendered pages by themselves: a console save that changes what a page shows
// calls the Netlify build hook (BUILD_HOOK_URL, here a fake on 127.0.0.1), debounced in the database so
// several saves within a minute make one build, made by the console's status request or the scheduled
// function, within 90 s of the last save; a failed call is tried again and the hook's URL never shows.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { adminHeaders } from "../support/admin";
import { call, jsonOf } from "../support/functions";
import adminHours from "../../netlify/functions/admin-hours.mts";
import adminLocations from "../../netlify/functions/admin-locations.mts";
import featuredItem from "../../netlify/functions/featured-item.mts";
import sitePublish from "../../netlify/functions/admin-site-publish.mts";
import siteRebuild from "../../netlify/functions/site-rebuild.mts";
import { contentData } from "../../src/server/content/publishedData";
import type { SiteRebuildStatus } from "../../src/server/platform/siteRebuild";

interface HookCall {
  method: string;
  title: string | null;
}

let hookServer: Server;
let hookUrl: string;
const hookCalls: HookCall[] = [];
let hookStatus = 200;
let admin: Record<string, string>;

beforeAll(async () => {
  hookServer = createServer((req, res) => {
    hookCalls.push({ method: req.method ?? "", title: new URL(req.url ?? "/", "http://x").searchParams.get("trigger_title") });
    res.writeHead(hookStatus).end();
  });
  await new Promise<void>((resolve) => hookServer.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/build_hooks/5f0c0ffee0123456789abcde`;
  admin = await adminHeaders();
});
afterAll(() => new Promise<void>((resolve) => hookServer.close(() => resolve())));
beforeEach(() => {
  process.env.BUILD_HOOK_URL = hookUrl;
  hookCalls.length = 0;
  hookStatus = 200;
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.BUILD_HOOK_URL;
});

const content = contentData();
const HOURS = {
  weekly: {
    "jealous-fork": content.schedule.weekly["jealous-fork"].map((day, index) => (index === 4 ? [{ opens: 540, closes: 840 }] : [...day])),
    "jealous-burger": content.schedule.weekly["jealous-burger"].map((day) => [...day]),
  },
  specialDates: [],
  leadMinutes: { pickup: 15, delivery: 45 },
  capacities: { "jealous-fork": { pickup: 40, delivery: 20 }, "jealous-burger": { pickup: 40, delivery: 20 } },
};

async function status(): Promise<SiteRebuildStatus> {
  const res = await call(sitePublish, "/api/admin/site-publish", { headers: admin });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return jsonOf<SiteRebuildStatus>(res);
}

/** Runs `work` with the clock (Date only: the database's sockets keep their real timers) at `at`. */
async function at<T>(instant: number, work: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["Date"], now: instant });
  try {
    return await work();
  } finally {
    vi.useRealTimers();
  }
}

async function threeSaves() {
  expect((await call(adminHours, "/api/admin/hours", { method: "PUT", body: HOURS, headers: admin })).status).toBe(200);
  expect((await call(featuredItem, "/api/featured-items/1/stock", { method: "PATCH", body: { inStock: false }, headers: admin, params: { id: "1" } })).status).toBe(200);
  expect((await call(adminLocations, "/api/admin/locations/main", { method: "PATCH", body: { phone: "(305) 555-0199" }, headers: admin, params: { id: "main" } })).status).toBe(200);
}

describe("console saves that change a page", () => {
  it("make one build hook call a minute after the last of several saves, whoever asks first", async () => {
    await threeSaves();
    const pending = await status();
    expect(pending).toMatchObject({ configured: true, calledAt: null, error: null });
    const due = Date.parse(pending.dueAt!);
    expect(due - Date.parse(pending.changedAt!)).toBe(60_000);
    expect(hookCalls).toEqual([]);

    // Just before it is due the console's status asks in vain; once due, five askers make one call.
    await at(due - 1_000, status);
    expect(hookCalls).toEqual([]);
    const answers = await at(due + 1_000, () => Promise.all([status(), status(), status(), siteRebuild(), siteRebuild()]));
    expect(hookCalls).toEqual([{ method: "POST", title: "Staff changed the hours, menu, location in the console" }]);
    expect(answers[0]).toMatchObject({ dueAt: null, error: null });
    expect((await status()).calledAt).not.toBeNull();
  });

  it("are built within 90 s of the last save by the scheduled function, which runs once a minute", async () => {
    await threeSaves();
    const changed = Date.parse((await status()).changedAt!);
    await at(changed + 29_000, () => siteRebuild());
    expect(hookCalls).toEqual([]);
    await at(changed + 31_000, () => siteRebuild());
    expect(hookCalls).toHaveLength(1);
  });

  it("try the hook again a minute later when it fails, and never show its secret URL", async () => {
    hookStatus = 500;
    await threeSaves();
    const due = Date.parse((await status()).dueAt!);
    const failed = await at(due + 1_000, status);
    expect(hookCalls).toHaveLength(1);
    expect(failed.error).toBe("the build hook answered 500");
    expect(Date.parse(failed.dueAt!)).toBe(due + 61_000);
    expect(JSON.stringify(failed)).not.toContain("5f0c0ffee");

    hookStatus = 200;
    const retried = await at(due + 62_000, status);
    expect(hookCalls).toHaveLength(2);
    expect(retried).toMatchObject({ dueAt: null, error: null });
  });

  it("without BUILD_HOOK_URL (locally) are noted, with no call pending", async () => {
    delete process.env.BUILD_HOOK_URL;
    await threeSaves();
    const local = await status();
    expect(local).toMatchObject({ configured: false, dueAt: null });
    expect(local.changedAt).not.toBeNull();
    expect(hookCalls).toEqual([]);
  });

  it("a pause of online ordering is live state: it asks for no build", async () => {
    await at(Date.now() + 10 * 60_000, status); // clears anything an earlier test left due
    hookCalls.length = 0;
    const before = await status();
    const paused = await call(adminHours, "/api/admin/hours/ordering", { method: "PATCH", body: { pause: { minutes: 30, message: "Back soon" } }, headers: admin });
    expect(paused.status).toBe(200);
    expect((await status()).dueAt).toBe(before.dueAt);
  });

  it("the status is for staff only", async () => {
    expect((await call(sitePublish, "/api/admin/site-publish")).status).toBe(401);
  });
});
