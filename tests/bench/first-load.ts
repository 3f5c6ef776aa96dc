/**
 * First-load JavaScript and CSS of a page, as a browser fetches them: every script and stylesheet
 * requested from opening the page until the network is idle, in gzip bytes (level 6, as a web
 * server would send them). "Before interactive" counts what the page needs before it responds to
 * input: the files the HTML names plus the route's own code the entry loads before hydrating.
 * Fonts (a Telugu or Hindi page's, the language names') are counted apart, in the bytes sent
 * (WOFF2 is compressed already).
 */
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";

export interface FirstLoad {
  js: number;
  css: number;
  fonts: number;
  /** Each file fetched: gzip bytes of a script or stylesheet, the bytes sent of a font. */
  files: { url: string; type: string; bytes: number }[];
}

export async function measureFirstLoad(browser: Browser, url: string): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const files: FirstLoad["files"] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet" && type !== "font") return;
    pending.push(
      response.body().then((body) => {
        const size = type === "font" ? body.length : gzipSync(body, { level: 6 }).length;
        files.push({ url: new URL(response.url()).pathname, type, bytes: size });
      }),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await Promise.all(pending);
  await context.close();
  const sum = (type: string) => files.filter((f) => f.type === type).reduce((n, f) => n + f.bytes, 0);
  return { js: sum("script"), css: sum("stylesheet"), fonts: sum("font"), files };
}
