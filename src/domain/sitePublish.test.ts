import { describe, expect, it } from "vitest";
import { publishNotice, type SiteRebuildStatus } from "./sitePublish";

const SAVED = "2026-11-21T17:00:00.000Z";
const status = (change: Partial<SiteRebuildStatus> = {}): SiteRebuildStatus => ({
  configured: true,
  dueAt: "2026-11-21T17:01:00.000Z",
  changedAt: SAVED,
  calledAt: null,
  error: null,
  ...change,
});

describe("the console's notice after a save", () => {
  it("says the site updates in about 2 minutes while the pages served are older than the change", () => {
    expect(publishNotice(status(), "2026-11-21T16:00:00.000Z")).toEqual({ state: "updating", text: "Changes saved; the site updates in about 2 minutes." });
    expect(publishNotice(status({ dueAt: null, calledAt: "2026-11-21T17:01:00.000Z" }), "2026-11-21T16:00:00.000Z").state).toBe("updating");
  });

  it("says when it is live: the pages were built after the change, at this Miami time", () => {
    expect(publishNotice(status({ dueAt: null }), "2026-11-21T17:02:30.000Z")).toEqual({
      state: "live",
      text: "The site shows every saved change: last published at 12:02 PM.",
    });
  });

  it("says a failed rebuild is tried again, with the reason", () => {
    expect(publishNotice(status({ error: "the build hook answered 500" }), "2026-11-21T16:00:00.000Z").text).toBe(
      "Changes saved; the site could not be rebuilt yet (the build hook answered 500). Trying again in a minute.",
    );
  });

  it("without a build hook, says how to see the change", () => {
    const notice = publishNotice(status({ configured: false, dueAt: null }), "2026-11-21T16:00:00.000Z");
    expect(notice.state).toBe("local");
    expect(notice.text).toContain("npm run build");
    expect(notice.text).toContain("npm run dev");
  });
});
