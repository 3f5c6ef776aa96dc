/**
 * Lighthouse (mobile defaults: a mid-range phone on a slow 4G connection, simulated) against a
 * page served on 127.0.0.1, in Debian's Chromium.
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failing: string[];
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-sync",
    ],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    const { categories, audits, runtimeError } = result.lhr;
    // A run Lighthouse could not complete (a page that did not paint in time, a browser hiccup)
    // says so, rather than showing as scores of 0.
    if (runtimeError)
      throw new Error(`Lighthouse could not measure ${url}: ${runtimeError.code} (${runtimeError.message}).`);
    const failing = Object.values(categories)
      .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => audits[r.id]))
      .filter((a) => a.score !== null && a.score < 0.9)
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    return {
      performance: score(categories.performance.score),
      accessibility: score(categories.accessibility.score),
      bestPractices: score(categories["best-practices"].score),
      seo: score(categories.seo.score),
      lcpMs: Math.round(audits["largest-contentful-paint"].numericValue ?? 0),
      tbtMs: Math.round(audits["total-blocking-time"].numericValue ?? 0),
      cls: Number((audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
      failing: [...new Set(failing)],
    };
  } finally {
    await chrome.kill();
  }
}
