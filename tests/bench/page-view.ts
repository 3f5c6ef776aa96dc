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
  await page.goto(base + from, { waitUntil: "networkidle" });
  await page.evaluate((path) => {
    window.history.pushState(null, "", path);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
  await page.waitForLoadState("networkidle");
  await page
    .waitForFunction((path) => window.location.pathname === path && document.querySelector("h1"), to, {
      timeout: 10_000,
    })
    .catch(async () => {
      throw new Error(
        `The move to ${to} did not show it: the page is at ${await page.evaluate(() => window.location.pathname)}.`,
      );
    });
  await Promise.all(pending);
  await context.close();
  const isData = (p: string) => p.startsWith("/assets/data/") || p.startsWith("/assets/builtin/");
  return {
    total: files.reduce((n, f) => n + f.gzip, 0),
    data: files.filter((f) => isData(f.path)).reduce((n, f) => n + f.gzip, 0),
    files,
  };
}
