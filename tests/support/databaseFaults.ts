// Makes chosen database statements fail, as a database that drops a connection or refuses a write
// would: every statement whose text matches the rule throws until healed. It acts on pg's client,
// which @netlify/database's pool uses for every statement, in and out of transactions.
import pg from "pg";

export interface DatabaseFaults {
  /** Every statement for which `when(text)` is true fails until heal(). */
  failWhen(when: (text: string) => boolean): void;
  /** Every statement for which `when(text)` is true answers only after `ms` (a database that hangs). */
  delayWhen(when: (text: string) => boolean, ms: number): void;
  heal(): void;
  /** How many statements were failed since the last failWhen. */
  failed(): number;
}

let rule: ((text: string) => boolean) | null = null;
let delay: { when: (text: string) => boolean; ms: number } | null = null;
let failedCount = 0;
let installed = false;

export function databaseFaults(): DatabaseFaults {
  if (!installed) {
    installed = true;
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const first = args[0];
      const text = typeof first === "string" ? first : (first as { text?: string } | undefined)?.text ?? "";
      if (rule?.(text) && !/^\s*(ROLLBACK|BEGIN|COMMIT)\b/i.test(text)) {
        failedCount += 1;
        const fault = new Error("injected database fault");
        // pg's pool passes a callback and waits for it before it releases the connection.
        const callback = args.at(-1);
        if (typeof callback === "function") {
          queueMicrotask(() => (callback as (error: Error) => void)(fault));
          return undefined;
        }
        return Promise.reject(fault);
      }
      if (delay?.when(text)) {
        const { ms } = delay;
        const callback = args.at(-1);
        if (typeof callback === "function") {
          setTimeout(() => query.apply(this, args), ms);
          return undefined;
        }
        return new Promise((resolve) => setTimeout(resolve, ms)).then(() => query.apply(this, args));
      }
      return query.apply(this, args);
    } as typeof pg.Client.prototype.query;
  }
  return {
    failWhen(when) {
      rule = when;
      failedCount = 0;
    },
    delayWhen(when, ms) {
      delay = { when, ms };
    },
    heal() {
      rule = null;
      delay = null;
    },
    failed: () => failedCount,
  };
}
