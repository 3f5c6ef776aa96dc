/**
 * Real-browser test harness: starts the built site (dist/) on 127.0.0.1 with a free port and
 * drives Debian's Chromium through playwright-core. Never downloads a browser.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { type RunningServer, startServer } from "../../src/relay/app";

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const distDir = path.resolve(import.meta.dirname, "../../dist");

/** Launches Chromium, or explains how to install it. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromePath)) {
    throw new Error(
      `Chromium was not found at ${chromePath}. Install it with 'apt-get update && apt-get install -y chromium', or set CHROME_PATH to a Chromium binary.`,
    );
  }
  return chromium.launch({
    executablePath: chromePath,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

const axeSource: string = createRequire(import.meta.url)("axe-core").source;

/** axe-core's WCAG 2.1 A and AA problems on the page (or inside `selector`), as "id: help" lines. */
export async function axe(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(
    (within) =>
      (
        window as unknown as {
          axe: {
            run: (d: Document | Element, o: object) => Promise<{ violations: { id: string; help: string }[] }>;
          };
        }
      ).axe
        .run(within ? (document.querySelector(within) ?? document) : document, {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
        })
        .then((r) => r.violations.map((v) => `${v.id}: ${v.help}`)),
    selector,
  );
}

/** A browser and the built site, ready for a test file. */
export interface Harness {
  browser: Browser;
  server: RunningServer;
  baseUrl: string;
  /** A fresh page; console errors and page errors are collected in `errors`. */
  newPage: (options?: {
    width?: number;
    height?: number;
    /** Whether goto waits for the app to be ready (default true; false for pages without it). */
    waitForApp?: boolean;
  }) => Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  close: () => Promise<void>;
}

/** Starts Chromium and serves the built site (`distDir`: another prerendered copy of it). */
export async function startHarness(options: { distDir?: string } = {}): Promise<Harness> {
  if (!existsSync(path.join(distDir, "index.html"))) {
    throw new Error("dist/ has no build. Run 'npm run build' before the browser tests (npm run test:browser does).");
  }
  const [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ port: 0, distDir: options.distDir ?? distDir }),
  ]);
  const contexts: BrowserContext[] = [];
  return {
    browser,
    server,
    baseUrl: server.url,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        baseURL: server.url,
      });
      contexts.push(context);
      const page = await context.newPage();
      // The app hydrates a prerendered page after its first paint (src/site/main.tsx); a person waits
      // until the page responds, and so do the tests: goto resolves once the app is ready.
      const goto = page.goto.bind(page);
      page.goto = async (url, gotoOptions) => {
        const response = await goto(url, gotoOptions);
        if (options.waitForApp !== false) await page.waitForSelector("html[data-app='ready']", { state: "attached" });
        return response;
      };
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error") errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(err.message));
      return { page, context, errors };
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      await browser.close();
      await server.close();
    },
  };
}
