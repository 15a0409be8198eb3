// lhci's puppeteerScript: before Lighthouse loads a page, sets its origin's localStorage to what the bench
// passes in BENCH_LOCAL_STORAGE for that path and query ({"/checkout": {key: value}}), and clears it elsewhere. The
// checkout needs a cart, or it redirects to the menu. Lighthouse's storage reset leaves localStorage alone.
// BENCH_COOKIES does the same for cookies, by path and query ({"/account?as=diner": "jf_diner=..."}): a
// signed-in page is measured signed in, every other page without a cookie (Lighthouse keeps cookies too).
module.exports = async (browser, { url }) => {
  const byPath = JSON.parse(process.env.BENCH_LOCAL_STORAGE || "{}");
  const cookiesByPath = JSON.parse(process.env.BENCH_COOKIES || "{}");
  const target = new URL(url);
  const entries = byPath[target.pathname + target.search] || {};
  const cookie = cookiesByPath[target.pathname + target.search];
  const page = await browser.newPage();
  try {
    await page.goto(new URL("/robots.txt", url).href);
    await page.evaluate((values) => {
      localStorage.clear();
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, entries);
    const session = await page.target().createCDPSession();
    await session.send("Network.clearBrowserCookies");
    if (cookie) {
      const [name, ...rest] = cookie.split("=");
      await session.send("Network.setCookie", { name, value: rest.join("="), url: target.origin, httpOnly: true, sameSite: "Strict" });
    }
    await session.detach();
  } finally {
    await page.close();
  }
};
