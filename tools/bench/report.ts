// The bench's one printed report: Markdown tables (readable in a terminal, pasteable into an issue)
// for pages, the home page's JavaScript, APIs, function bundles, caching headers, budgets and findings.
import type { BenchResults } from "./results.ts";
import { BUDGETS, OLD_SITE } from "./budgets.ts";
import { VISITOR_FUNCTIONS } from "./function-bundles.ts";

const kb = (bytes: number | undefined) => (bytes === undefined || !Number.isFinite(bytes) ? "-" : (bytes / 1024).toFixed(1));
const num = (v: number | undefined, digits = 0) => (v === undefined || !Number.isFinite(v) ? "-" : v.toFixed(digits));
const sec = (ms: number | undefined) => (ms === undefined || !Number.isFinite(ms) ? "-" : `${(ms / 1000).toFixed(2)} s`);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (c ?? "").padEnd(widths[i])).join(" | ")} |`;
  return [line(head), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export function renderReport(r: BenchResults): string {
  const out: string[] = [];
  out.push(`# Jealous Fork bench, ${r.date.slice(0, 16).replace("T", " ")} UTC`);
  out.push("");
  out.push(`Source: ${r.source}. Production build served by the local router (tools/localNetlify.ts: static files with the deploy's headers, every function, pages rendered on request) on a real PostgreSQL (tools/localPostgres.ts) and local Blobs, RESTAURANT_CLOCK ${r.clock}. Lighthouse loads pages through an edge cache that keeps what Netlify's CDN keeps and compresses with brotli, warmed by one visit per page.`);
  out.push(
    `Bytes: Chromium at a phone viewport (390x844), offline, no interaction; gz = gzip of each response; JS includes inline scripts; weight = what a phone downloads (gzip for text, images and fonts as they are). Lighthouse ${r.options.lighthouseRuns ? `mobile, median of ${r.options.lighthouseRuns} runs` : "not run"}.`,
  );
  out.push("");
  out.push("## Pages");
  out.push("");
  out.push(
    table(
      ["Page", "JS gz", "JS raw", "CSS gz", "HTML raw", "HTML sent", "HTML br", "Img", "Font", "Req", "Weight", "Perf", "Perf min", "A11y", "BP", "SEO", "FCP", "LCP", "TBT ms", "CLS"],
      r.pages.map((p) => {
        if (p.missing) return [p.path, `not measured: ${p.missing}`];
        const w = p.weight?.initial;
        const lh = p.lighthouse?.runs ? p.lighthouse.median : undefined;
        return [
          p.path,
          kb(w?.js.gzip),
          kb(w?.js.raw),
          kb(w?.byKind.css.gzip),
          kb(p.weight?.document?.raw),
          p.weight?.document ? `${kb(p.weight.document.served)}${p.weight.document.encoding ? ` ${p.weight.document.encoding}` : ""}` : "-",
          kb(p.weight?.document?.brotli),
          kb(w?.byKind.image.raw),
          kb(w?.byKind.font.raw),
          num(w?.requests),
          kb(w?.weight),
          num(lh?.scores.performance),
          num(p.lighthouse?.runs ? p.lighthouse.lowestPerformance : undefined),
          num(lh?.scores.accessibility),
          num(lh?.scores["best-practices"]),
          num(lh?.scores.seo),
          sec(lh?.fcp),
          sec(lh?.lcp),
          num(lh?.tbt),
          num(lh?.cls, 3),
        ];
      }),
    ),
  );
  out.push("");
  out.push(
    "Sizes in KB (1024 bytes), before any scroll or tap. HTML raw: the page as the browser reads it; HTML sent: the body as the local server sent it (with its encoding, if any); HTML br: brotli, as Netlify's CDN sends it. Perf: median; Perf min: the lowest run.",
  );

  const home = r.pages.find((p) => p.path === "/");
  if (home?.weight) {
    const { initial, scrolled } = home.weight;
    out.push("");
    out.push("## Home page JavaScript on a phone");
    out.push("");
    const jsFiles = (s: typeof initial) =>
      s.transfers
        .filter((t) => t.kind === "js")
        .map((t) => `${new URL(t.url).pathname.replace("/_astro/", "")} ${kb(t.gzip)}`)
        .join(", ") || "none";
    out.push(
      table(
        ["Moment", "JS gz", "JS raw", "Inline JS gz", "Requests", "Weight", "Script files (gzip KB)"],
        [
          ["before any interaction", kb(initial.js.gzip), kb(initial.js.raw), kb(initial.inlineJs.gzip), String(initial.requests), kb(initial.weight), jsFiles(initial)],
          ...(scrolled
            ? [["after scrolling to the bottom", kb(scrolled.js.gzip), kb(scrolled.js.raw), kb(scrolled.inlineJs.gzip), String(scrolled.requests), kb(scrolled.weight), jsFiles(scrolled)]]
            : []),
        ],
      ),
    );
  }

  out.push("");
  out.push("## Beside the site this replaces");
  out.push("");
  const h = home?.lighthouse?.runs ? home.lighthouse.median : undefined;
  out.push(
    table(
      ["Figure (home page, mobile)", "Old React SPA", "Jealous Fork now", "Budget"],
      [
        ["JavaScript (gzip)", OLD_SITE.homeJsGzip, home?.weight ? `${kb(home.weight.initial.js.gzip)} KB before interaction, ${kb(home.weight.scrolled?.js.gzip)} KB scrolled` : "-", "<= 15 KB / <= 90 KB"],
        ["Performance", OLD_SITE.performance, num(h?.scores.performance), "100 (no run below 98)"],
        ["Accessibility", OLD_SITE.accessibility, num(h?.scores.accessibility), "100"],
        ["Best practices", OLD_SITE.bestPractices, num(h?.scores["best-practices"]), "100"],
        ["SEO", OLD_SITE.seo, num(h?.scores.seo), "100"],
        ["LCP", OLD_SITE.lcp, sec(h?.lcp), "<= 1.2 s"],
        ["CLS", OLD_SITE.cls, num(h?.cls, 3), "< 0.01"],
        ["Page weight", OLD_SITE.weight, home?.weight?.scrolled ? `${kb(home.weight.scrolled.weight)} KB scrolled` : "-", "< 500 KB"],
      ],
    ),
  );

  out.push("");
  out.push("## APIs (local sandbox gateway for payments)");
  out.push("");
  out.push(
    "local router: the functions bundled with esbuild and called through their default exports on plain node:http (tools/localNetlify.ts), on a real PostgreSQL and a local Blobs server, for " +
      `${r.options.loadSeconds} s per level: the cost of our code, not Netlify's CDN, which answers the menu in production.`,
  );
  out.push("");
  out.push(
    table(
      ["API", "Server", "Clients", "p50 ms", "p99 ms", "req/s", "Requests", "Errors", "Statuses", "Cache-Control / Netlify-CDN-Cache-Control"],
      r.apis.flatMap((a) => {
        if (a.missing) return [[a.name, a.server, "-", "-", "-", "-", "-", "-", `not measured: ${a.missing}`, ""]];
        return a.levels.map((l, i) => [
          i ? "" : a.name,
          i ? "" : a.server,
          String(l.connections),
          num(l.p50),
          num(l.p99),
          num(l.rps, 1),
          String(l.requests),
          String(l.errors),
          Object.entries(l.statuses).map(([code, n]) => `${code}:${n}`).join(" "),
          i || a.server !== "local router" || a.name.startsWith("POST") ? "" : `${a.cacheControl ?? "none"} / ${a.cdnCacheControl ?? "none"}`,
        ]);
      }),
    ),
  );

  const failures = r.apis.flatMap((a) => a.levels.flatMap((l) => Object.entries(l.samples ?? {}).map(([code, body]) => `- ${a.name} on ${a.server}, ${l.connections} client(s), ${code}: ${body.replace(/\s+/g, " ") || "(empty body)"}`)));
  if (failures.length) {
    out.push("");
    out.push("First answer of each failing status:");
    out.push(...[...new Set(failures)]);
  }
  out.push("");
  out.push("## Function bundles and cold starts");
  out.push("");
  out.push(
    "Each function bundled by esbuild as Netlify does (node_bundler = esbuild), minified, split at dynamic import(): KB is what a cold start loads, Lazy what only the paths that need it load later. " +
      "Cold: a new Node process loads the bundle and answers one request (tools/bench/cold-start.mjs); first answer is from the process's start (Node's own start included) to the answer's last byte, import the loading of the bundle; median of 3 processes, on a real PostgreSQL database seeded before. " +
      `The functions every visitor reaches (${VISITOR_FUNCTIONS.join(", ")}) are held to ${BUDGETS.coldStartMs} ms.`,
  );
  out.push("");
  out.push(
    table(
      ["Function", "KB", "KB gz", "Lazy KB", "Cold request", "Status", "First answer ms", "Import ms", "Largest parts at start (KB)"],
      r.functions.map((f) => [
        f.name,
        kb(f.raw),
        kb(f.gzip),
        kb(f.lazy),
        f.cold?.request ?? "-",
        f.cold ? String(f.cold.status) : "-",
        f.cold ? num(f.cold.firstAnswerMs) : "-",
        f.cold ? num(f.cold.importMs) : "-",
        f.error ? `failed: ${f.error}` : f.largest.map((l) => `${l.input} ${kb(l.bytes)}`).join(", "),
      ]),
    ),
  );

  out.push("");
  out.push("## Caching (Cache-Control the deploy's header rules give; what the local router sent)");
  out.push("");
  out.push(
    table(
      ["Path", "Rule", "Cache-Control on Netlify", "Served locally"],
      r.headers.map((x) => [
        x.path,
        x.configured.map((c) => c.for).join(" + ") || "none",
        (x.configured.length ? [...new Set(x.configured.map((c) => c.value))].join(" AND ") : "Netlify default (public, max-age=0, must-revalidate)") + (x.conflict ? "  CONFLICT" : ""),
        x.servedLocally ?? "none",
      ]),
    ),
  );

  out.push("");
  out.push("## Budgets");
  out.push("");
  out.push(table(["Budget", "Limit", "Actual", "Result"], r.budgets.map((b) => [b.name, b.limit, b.actual, b.status === "pass" ? "pass" : b.status === "fail" ? "FAIL" : "NOT MEASURED"])));

  out.push("");
  out.push("## Findings");
  for (const p of r.pages.filter((page) => !page.missing)) {
    out.push("");
    out.push(`### ${p.path}`);
    const d = p.lighthouse?.diagnostics;
    if (d?.lcpElement) out.push(`- LCP element: ${d.lcpElement}`);
    if (d?.layoutShifts.length) out.push(`- Layout shifts: ${d.layoutShifts.join("; ")}`);
    for (const f of d?.failing ?? []) out.push(`- Failing ${f.id}: ${f.title}${f.items.length ? ` -> ${f.items.join("; ")}` : ""}`);
    for (const o of d?.opportunities ?? []) out.push(`- Opportunity ${o.id}: ${o.title}${o.items.length ? ` -> ${o.items.slice(0, 4).join("; ")}` : ""}`);
    for (const e of p.lighthouse?.errors ?? []) out.push(`- A Lighthouse run failed: ${e}`);
    const js = p.weight?.initial.transfers.filter((t) => t.kind === "js") ?? [];
    if (js.length) out.push(`- JS loaded before interaction: ${js.map((t) => `${new URL(t.url).pathname} (${kb(t.gzip)} KB gz)`).join(", ")}`);
    const failed = p.weight?.initial.transfers.filter((t) => t.status >= 400) ?? [];
    if (failed.length) out.push(`- Requests that failed: ${failed.map((t) => `${new URL(t.url).pathname} ${t.status}`).join(", ")}`);
    if (p.weight?.blockedExternal.length) out.push(`- Third-party requests (blocked offline): ${[...new Set(p.weight.blockedExternal)].slice(0, 6).join(", ")}`);
  }
  for (const note of r.notes) out.push(`\nNote: ${note}`);
  out.push("");
  return out.join("\n");
}
