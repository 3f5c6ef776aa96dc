/**
 * Lighthouse (mobile defaults: a mid-range phone on a slow 4G connection, simulated) against a
 * page served on 127.0.0.1, in Debian's Chromium.
 */
import { createHash, X509Certificate } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
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
  /** The largest contentful paint's element, as Lighthouse names it (`h1.hero__title`). */
  lcpElement: string;
  failing: string[];
}

/** Lighthouse's own details of an audit's first item, where it has one. */
interface NodeItem {
  items?: { items?: { node?: { selector?: string } }[] }[];
}

/** The certificate's public key's SHA-256, base64, as Chromium's SPKI allow list takes it. */
const spkiHash = (pem: string) =>
  createHash("sha256")
    .update(new X509Certificate(pem).publicKey.export({ type: "spki", format: "der" }))
    .digest("base64");

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Runs Lighthouse once on `url`. With `keepIn`, the run's report and its trace (the main thread's
 * tasks as Lighthouse saw them, before its simulation: what each long task was) are written there
 * as `<address>.lhr.json` and `<address>.trace.json`, for `npm run bench -- --keep-traces DIR`, with
 * the network log and run context Lantern's estimates are made from (tests/bench/lantern-replay.ts).
 * With `certificate` (PEM), Chromium trusts that one certificate, the bench's https front's
 * (`--https`), as a browser trusts a deployed site's: no other certificate error is let through.
 */
export async function runLighthouse(
  url: string,
  chromePath: string,
  keepIn?: string,
  certificate?: string,
): Promise<LighthouseResult> {
  const trusted = certificate ? [`--ignore-certificate-errors-spki-list=${spkiHash(certificate)}`] : [];
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-sync",
      ...trusted,
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
    if (keepIn) {
      mkdirSync(keepIn, { recursive: true });
      const name = new URL(url).pathname.replace(/[^\w-]+/g, "_");
      writeFileSync(path.join(keepIn, `${name}.lhr.json`), JSON.stringify(result.lhr));
      const {
        Trace,
        DevtoolsLog,
        GatherContext,
        URL: urls,
      } = result.artifacts as {
        Trace?: unknown;
        DevtoolsLog?: unknown;
        GatherContext?: unknown;
        URL?: unknown;
      };
      if (Trace) writeFileSync(path.join(keepIn, `${name}.trace.json`), JSON.stringify(Trace));
      // With the trace, what Lantern simulates from: tests/bench/lantern-replay.ts recomputes it.
      if (DevtoolsLog) writeFileSync(path.join(keepIn, `${name}.devtoolslog.json`), JSON.stringify(DevtoolsLog));
      writeFileSync(path.join(keepIn, `${name}.artifacts.json`), JSON.stringify({ GatherContext, URL: urls }));
    }
    const lcpDetails = audits["largest-contentful-paint-element"]?.details as NodeItem | undefined;
    return {
      performance: score(categories.performance.score),
      accessibility: score(categories.accessibility.score),
      bestPractices: score(categories["best-practices"].score),
      seo: score(categories.seo.score),
      lcpMs: Math.round(audits["largest-contentful-paint"].numericValue ?? 0),
      tbtMs: Math.round(audits["total-blocking-time"].numericValue ?? 0),
      cls: Number((audits["cumulative-layout-shift"].numericValue ?? 0).toFixed(3)),
      lcpElement: lcpDetails?.items?.[0]?.items?.[0]?.node?.selector?.split(" > ").at(-1) ?? "",
      failing: [...new Set(failing)],
    };
  } finally {
    await chrome.kill();
  }
}
