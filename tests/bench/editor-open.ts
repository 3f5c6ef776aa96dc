/**
 * How long the content editor takes to open each config file (npm run bench:editor), against the
 * target of 500 ms. The editor (what `npm run edit` runs) serves a temporary copy of site-config/;
 * Chromium opens it, then opens every file as a person does, by its link in the file list (a
 * change of the address's #file=...), timing in the page from that change to the file's form on
 * screen. Also the largest parts: a treatment page of each collection. Each file is opened
 * `--runs` times (default 5), each time from another file; prints each file's median, then the
 * median, 90th percentile and maximum over all opens, and one JSON line.
 */
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { startEditorServer } from "../../src/editor/server/server";
import type { FileListResponse } from "../../src/editor/shared/api";
import { launchBrowser } from "../browser/harness";
import { copySite } from "../editor/temp-site";

const targetMs = 500;

/** Milliseconds from the address change to the form of `file` (and `part`) on screen. */
async function openTime(page: Page, file: string, part: string | undefined): Promise<number> {
  const hash = `file=${file}${part ? `&part=${part}` : ""}`;
  // Passed as text, so the timing runs in the page as written (no helpers the bundler adds).
  return (await page.evaluate(`(async () => {
    const started = performance.now();
    window.location.hash = ${JSON.stringify(hash)};
    const opened = () => document.querySelector(".file-editor__name code")?.textContent === ${JSON.stringify(file)}
      && document.querySelector(".part-form form");
    while (!opened()) await new Promise((resolve) => requestAnimationFrame(resolve));
    // The frame the form is painted in.
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  })()`)) as number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "5" },
      collection: { type: "boolean" },
      "collection-only": { type: "boolean" },
    },
  });
  const runs = Number(values.runs);
  const site = await copySite();
  const [editor, browser] = await Promise.all([
    startEditorServer({ siteRoot: site.siteRoot, port: 0 }),
    launchBrowser(),
  ]);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("dialog", (dialog) => dialog.accept());
    // The first visit makes Vite prepare the editor's dependencies: not timed.
    await page.goto(`${editor.url}/editor/#file=site-config/site.json`);
    await page.locator(".part-form form").waitFor({ timeout: 120_000 });
    await page.frameLocator("iframe.preview__frame").locator("main").waitFor({ timeout: 120_000 });

    const { files } = (await (await fetch(`${editor.url}/editor/api/files`)).json()) as FileListResponse;
    // A collection opens as its list (timed by the list's own bench, editor-collection.ts).
    const opens: [string, string?][] = files.filter((f) => f.kind !== "collection").map((f) => [f.path]);
    const all: number[] = [];
    const medians: Record<string, number> = {};
    for (const [file, part] of opens) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const from = file === "site-config/site.json" ? "site-config/navigation.json" : "site-config/site.json";
        await openTime(page, from, undefined);
        await page.waitForTimeout(300);
        times.push(await openTime(page, file, part));
      }
      times.sort((a, b) => a - b);
      medians[part ? `${file} (part ${part})` : file] = Math.round(quantile(times, 0.5));
      all.push(...times);
    }
    all.sort((a, b) => a - b);
    for (const [name, ms] of Object.entries(medians)) console.log(`${String(ms).padStart(6)} ms  ${name}`);
    const summary = {
      files: opens.length,
      opens: all.length,
      medianMs: Math.round(quantile(all, 0.5)),
      p90Ms: Math.round(quantile(all, 0.9)),
      maxMs: Math.round(all[all.length - 1]),
      targetMs,
    };
    console.log(
      `\n${summary.opens} opens of ${summary.files} files: median ${summary.medianMs} ms, 90th percentile ${summary.p90Ms} ms, max ${summary.maxMs} ms; target under ${targetMs} ms: ${summary.maxMs < targetMs ? "met" : "not met"}.`,
    );
    console.log(JSON.stringify(summary));
  } finally {
    await browser.close();
    await editor.close();
    await site.remove();
  }
}
