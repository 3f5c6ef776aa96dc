/**
 * The bytes of a treatment page view as a phone downloads them: open one treatment page, wait
 * until the network is idle, then move to another treatment inside the app (as a link's click
 * does) and wait again. Every response counts (the HTML, scripts, styles, data, images), in gzip
 * bytes at level 6 as a web server would send them; `data` is the part from assets/data/ and
 * assets/builtin/ (the collection's data).
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

export interface PageView {
  total: number;
  data: number;
  files: { path: string; gzip: number }[];
}

export async function measureTreatmentView(
  browser: Browser,
  base: string,
  from: string,
  to: string,
): Promise<PageView> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const files: PageView["files"] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.status() !== 200) return;
    pending.push(
      response
        .body()
        .then((body) => {
          files.push({ path: new URL(response.url()).pathname, gzip: gzipSync(body, { level: 6 }).length });
        })
        .catch(() => {}),
    );
  });
  // Requests in flight, and when the last one ended: the page view is over when the network has
  // been quiet for half a second after the move (Playwright's own 'networkidle' is only for loads).
  let inFlight = 0;
  let quietSince = performance.now();
  page.on("request", () => inFlight++);
  const ended = () => {
    inFlight--;
    quietSince = performance.now();
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  await page.goto(base + from, { waitUntil: "networkidle" });
  const before = await page.title();
  await page.evaluate((path) => {
    window.history.pushState(null, "", path);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
  // The app sets the new page's title once it has the page's data.
  await page
    .waitForFunction((title) => document.title !== title, before, { timeout: 15_000 })
    .catch(async () => {
      throw new Error(`The move to ${to} did not show it: the title is still ${JSON.stringify(await page.title())}.`);
    });
  while (inFlight > 0 || performance.now() - quietSince < 500) await page.waitForTimeout(100);
  await Promise.all(pending);
  await context.close();
  const isData = (p: string) => p.startsWith("/assets/data/") || p.startsWith("/assets/builtin/");
  return {
    total: files.reduce((n, f) => n + f.gzip, 0),
    data: files.filter((f) => isData(f.path)).reduce((n, f) => n + f.gzip, 0),
    files,
  };
}
