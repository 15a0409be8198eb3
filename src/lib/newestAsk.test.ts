import { describe, expect, it } from "vitest";
import { NewestAsk } from "./newestAsk";

/** A request whose answer the test gives when it likes. */
function pending<T>() {
  let answer!: (value: T) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { promise, answer, fail };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("waiting for the newest of several requests", () => {
  it("waits for a request started while it waited, not only the one before it", async () => {
    const asks = new NewestAsk();
    const first = pending<string>();
    const second = pending<string>();
    let firstStillNewest = () => true;
    void asks.track((stillNewest) => {
      firstStillNewest = stillNewest;
      return first.promise;
    });
    let settled = false;
    const waiting = asks.settled().then(() => (settled = true));
    void asks.track(() => second.promise);
    first.answer("old address");
    await tick();
    expect(firstStillNewest()).toBe(false);
    expect(settled).toBe(false);
    second.answer("new address");
    await waiting;
    expect(settled).toBe(true);
  });

  it("settles on a failed request as on an answered one, and at once when nothing was asked", async () => {
    const asks = new NewestAsk();
    await asks.settled();
    const only = pending<string>();
    const tracked = asks.track(() => only.promise);
    const waiting = asks.settled();
    only.fail(new Error("503"));
    await expect(tracked).rejects.toThrow("503");
    await expect(waiting).resolves.toBeUndefined();
  });
});
