// Where people wait on the local stack (real PostgreSQL): GET /api/menu warm, the data of each console
// tab, and the six calls the console makes at once when it opens. `npm run bench` measures them on the
// served build; `npm run bench:console` on the functions alone (no build, a minute).
// Budgets: /api/menu warm p50 under 100 ms, each tab's data p50 under 300 ms, the six
// overlapping calls all answered within 1 s.

/** The calls behind each console tab, as the console makes them. */
export const CONSOLE_TABS: readonly { tab: string; paths: readonly string[] }[] = [
  { tab: "Orders", paths: ["/api/admin/orders?upcoming", "/api/admin/orders", "/api/admin/orders?attention"] },
  { tab: "Hours", paths: ["/api/admin/hours"] },
  { tab: "Menu", paths: ["/api/admin/menu-items", "/api/square-status"] },
  { tab: "Sales", paths: ["/api/admin/sales?period=day"] },
  { tab: "Messages", paths: ["/api/admin/messages"] },
];

/** What the console asks for at once when it opens (hours, menu items, orders, sales, menu, schedule). */
export const OPENING_CALLS = [
  "/api/admin/hours",
  "/api/admin/menu-items",
  "/api/admin/orders?upcoming",
  "/api/admin/sales?period=day",
  "/api/menu",
  "/api/schedule?orderType=pickup",
] as const;

export const CONSOLE_BUDGETS = { menuWarmMs: 100, tabMs: 300, openingMs: 1000 } as const;

export interface ConsoleFigures {
  menuWarm: { p50: number; p95: number; samples: number };
  tabs: { tab: string; p50: number; p95: number }[];
  /** The slowest of the six opening calls, in each of the rounds. */
  openingRounds: number[];
  failures: string[];
  withinBudgets: boolean;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** Signs in as the development owner and answers the session cookie. */
async function signIn(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ password }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** Milliseconds of one GET, or an error naming the path and status. */
async function timed(base: string, path: string, cookie: string, failures: string[]): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (!res.ok) failures.push(`${path} answered ${res.status}`);
  return ms;
}

export async function measureConsole(base: string, password: string, log: (line: string) => void = () => {}): Promise<ConsoleFigures> {
  const cookie = await signIn(base, password);
  const failures: string[] = [];
  for (let i = 0; i < 5; i++) await timed(base, "/api/menu", cookie, failures);
  const menu: number[] = [];
  for (let i = 0; i < 40; i++) menu.push(await timed(base, "/api/menu", cookie, failures));
  log(`GET /api/menu warm: p50 ${percentile(menu, 50).toFixed(1)} ms`);

  const tabs: ConsoleFigures["tabs"] = [];
  for (const { tab, paths } of CONSOLE_TABS) {
    for (const path of paths) await timed(base, path, cookie, failures);
    const samples: number[] = [];
    for (let i = 0; i < 15; i++) {
      // A tab's data: its calls together, as the tab makes them.
      const started = performance.now();
      await Promise.all(paths.map((path) => timed(base, path, cookie, failures)));
      samples.push(performance.now() - started);
    }
    tabs.push({ tab, p50: percentile(samples, 50), p95: percentile(samples, 95) });
  }

  const openingRounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    const times = await Promise.all(OPENING_CALLS.map((path) => timed(base, path, cookie, failures)));
    openingRounds.push(Math.max(...times));
  }
  const figures = {
    menuWarm: { p50: percentile(menu, 50), p95: percentile(menu, 95), samples: menu.length },
    tabs,
    openingRounds,
    failures: [...new Set(failures)],
  };
  return {
    ...figures,
    withinBudgets:
      figures.failures.length === 0 &&
      figures.menuWarm.p50 < CONSOLE_BUDGETS.menuWarmMs &&
      tabs.every((tab) => tab.p50 < CONSOLE_BUDGETS.tabMs) &&
      openingRounds.every((ms) => ms < CONSOLE_BUDGETS.openingMs),
  };
}

/** The figures as lines of text. */
export function consoleReport(figures: ConsoleFigures): string[] {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `GET /api/menu warm (${figures.menuWarm.samples} in a row): p50 ${ms(figures.menuWarm.p50)}, p95 ${ms(figures.menuWarm.p95)} (budget p50 < ${CONSOLE_BUDGETS.menuWarmMs} ms)`,
    ...figures.tabs.map((tab) => `Console tab ${tab.tab}: p50 ${ms(tab.p50)}, p95 ${ms(tab.p95)} (budget p50 < ${CONSOLE_BUDGETS.tabMs} ms)`),
    `Six overlapping opening calls, slowest per round: ${figures.openingRounds.map(ms).join(", ")} (budget < ${CONSOLE_BUDGETS.openingMs} ms)`,
    ...figures.failures.map((failure) => `Failed: ${failure}`),
    figures.withinBudgets ? "Console and menu: every budget holds." : "Console and menu: a budget is NOT met.",
  ];
}
