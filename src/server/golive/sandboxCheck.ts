// The go-live line of Square's open questions: what Square's pages leave undocumented (points on a paid
// pickup still open, the rounding of a percentage off the whole order, a line's fixed amount on a quantity,
// a gift card token read twice, a wallet's authorization) is settled by `npm run sandbox:check` on the
// owner's sandbox keys, on the owner's machine. The site cannot run it (it makes payments in the sandbox), so
// it is a manual step, ticked once the owner has run it and the fakes' readings agree (docs/go-live.md).
import type { GoLiveLine } from "../../domain/goLive";
import { line, when, type Check, type LineSpec } from "./lines";
import { stepDone } from "./manualSteps";

export const SANDBOX_CHECK_LINE: LineSpec = { id: "square-sandbox-check", group: "Square", title: "Square's open questions (sandbox check)", required: false, section: "square-sandbox-check" };

export const sandboxCheckLine: Check = {
  specs: [SANDBOX_CHECK_LINE],
  run: async (): Promise<GoLiveLine[]> => {
    const done = await stepDone("square-sandbox-check");
    if (done) {
      return [line(SANDBOX_CHECK_LINE, "green", `Marked done by ${done.by} at ${when(done.doneAt)}.`, "Run it again after Square announces an API change.", { action: { kind: "mark-done", step: "square-sandbox-check", done: false } })];
    }
    return [
      line(
        SANDBOX_CHECK_LINE,
        "amber",
        "A manual step: Square does not document a few answers the site depends on; the site works under either, and the sandbox says which is Square's.",
        "With the Square sandbox keys in a local .env, run npm run sandbox:check; if a line says the fakes assume the other reading, tell the developers; then mark it done here.",
        { action: { kind: "mark-done", step: "square-sandbox-check", done: true } },
      ),
    ];
  },
};
