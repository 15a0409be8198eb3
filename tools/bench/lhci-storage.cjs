// lhci's puppeteerScript: before Lighthouse loads a page, sets its origin's localStorage to what the bench
// passes in BENCH_LOCAL_STORAGE for that path ({"/checkout": {key: value}}), and clears it elsewhere. The
// checkout needs a cart, or it redirects to the menu. Lighthouse's storage reset leaves localStorage alone.
module.exports = async (browser, { url }) => {
  const byPath = JSON.parse(process.env.BENCH_LOCAL_STORAGE || "{}");
  const entries = byPath[new URL(url).pathname] || {};
  const page = await browser.newPage();
  try {
    await page.goto(new URL("/robots.txt", url).href);
    await page.evaluate((values) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, entries);
  } finally {
    await page.close();
  }
};
