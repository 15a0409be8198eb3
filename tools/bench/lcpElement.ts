// Which element is a page's largest paint, and when, in Chromium itself: Lighthouse 12.1 (lhci 0.14's)
// cannot name it on Debian's Chromium (its TraceElements gatherer fails on the trace: "frame_sequence"),
// so the page is loaded once more in a phone-sized context on Slow 4G with a 4x slower CPU (CDP, as
// checkoutReady.ts), and the browser's own largest-contentful-paint entries are read.
import type { Browser } from "playwright-core";
import { CPU_SLOWDOWN, SLOW_4G } from "./checkoutReady.ts";

export interface LargestPaint {
  /** Tag, classes and the first words of the element, or the picture's address. */
  element: string;
  lcpMs: number;
  fcpMs: number;
}

export async function largestPaint(browser: Browser, url: string, storage: Record<string, string> = {}): Promise<LargestPaint | undefined> {
  // Lighthouse's phone: 412x823 at 1.75.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      const seen: LargestPaint[] = [];
      Object.assign(window, { __largestPaints: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null; url?: string })[]) {
          const element = entry.element ? `${entry.element.tagName.toLowerCase()}.${[...entry.element.classList].join(".")} "${(entry.element.textContent ?? "").trim().slice(0, 50)}"` : (entry.url ?? "");
          seen.push({ element, lcpMs: Math.round(entry.startTime), fcpMs: 0 });
        }
      }).observe({ type: "largest-contentful-paint", buffered: true });
    }, storage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: "networkidle", timeout: 60_000 });
    return await page.evaluate(() => {
      const last = (window as unknown as { __largestPaints: LargestPaint[] }).__largestPaints.at(-1);
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      return last ? { ...last, fcpMs: Math.round(fcp) } : undefined;
    });
  } finally {
    await context.close();
  }
}
