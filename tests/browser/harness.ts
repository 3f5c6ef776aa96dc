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

/** What a signed-in editor browser is given: the account, and what its first page should show. */
export interface EditorSignIn {
  origin: string;
  email: string;
  password: string;
  viewport?: { width: number; height: number };
  /** The change set the app opens in (as if chosen earlier in the bar). */
  changeSet?: string;
  /** Named in the console lines of the page's errors and refused API calls. */
  label?: string;
}

/**
 * A person's own browser (a context of its own) signed in to the hosted editor with a local
 * account through its sign-in page, once the app shows its change set bar. The page's errors and
 * the API's refusals go to the test's console, so a failing step says why.
 */
export async function signInToEditor(browser: Browser, who: EditorSignIn): Promise<Page> {
  const context = await browser.newContext({ viewport: who.viewport ?? { width: 1500, height: 950 } });
  // The hosted editor builds previews and publishes beside other browser test files on a busy CI
  // machine: Playwright's 30 s for a click or a wait was once too short there. The suite's 120 s.
  context.setDefaultTimeout(120_000);
  if (who.changeSet)
    await context.addInitScript((id) => window.localStorage.setItem("editor-change-set", id), who.changeSet);
  const page = await context.newPage();
  const label = who.label ?? who.email;
  page.on("pageerror", (e) => console.error(`[${label}] ${e.stack ?? e.message}`));
  page.on("response", async (r) => {
    if (r.status() >= 400 && r.url().includes("/editor/api/"))
      console.error(`[${label}] ${r.status()} ${r.url()} ${await r.text().catch(() => "")}`);
  });
  await page.goto(`${who.origin}/editor/`);
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator(".changeset-bar").waitFor();
  return page;
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
