import { describe, expect, it } from "vitest";
import { ACTIVITY_GROUPS, actionLabel, isActivityGroup, STAFF_ACTIONS } from "./staffActivity";

describe("the activity log's actions", () => {
  it("each belong to exactly one group of the Activity tab's filter", () => {
    const grouped = Object.values(ACTIVITY_GROUPS).flatMap((group) => [...group.actions]);
    expect([...grouped].sort()).toEqual(Object.keys(STAFF_ACTIONS).sort());
  });

  it("read as words in the console, and an unknown one as its name", () => {
    expect(actionLabel("order.refund")).toBe("Refunded an order");
    expect(actionLabel("something.new")).toBe("something.new");
    expect(isActivityGroup("hours")).toBe(true);
    expect(isActivityGroup("toString")).toBe(false);
  });
});
