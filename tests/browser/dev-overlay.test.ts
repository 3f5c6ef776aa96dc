/**
 * `npm run dev` checks site-config/ on every change (src/build/vite/config-check-plugin.ts): a
 * real Vite dev server with the plugin, on a copy of site-config/, in Chromium. A broken config
 * shows the validator's words in Vite's overlay and the terminal, and the page keeps the last
 * valid config until it is fixed.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import react from "@vitejs/plugin-react";
import type { Browser, Page } from "playwright-core";
import { createLogger, createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configCheckPlugin } from "../../src/build/vite/config-check-plugin";
import { configMetaPlugin } from "../../src/build/vite/config-meta-plugin";
import { siteDataPlugin } from "../../src/build/vite/site-data-plugin";
import { siteFolderPlugin } from "../../src/editor/server/vite-app";
import { copySite, projectRoot, type TempSite } from "../editor/temp-site";
import { launchBrowser } from "./harness";

let browser: Browser;
let server: ViteDevServer;
let site: TempSite;
let url: string;
const logged: string[] = [];

beforeAll(async () => {
  site = await copySite();
  const check = configCheckPlugin(projectRoot, site.siteRoot);
  const logger = createLogger("info");
  const keep = (level: "info" | "warn" | "error") => {
    const original = logger[level].bind(logger);
    logger[level] = (message, options) => {
      logged.push(message);
      original(message, options);
    };
  };
  for (const level of ["info", "warn", "error"] as const) keep(level);
  server = await createServer({
    configFile: false,
    root: projectRoot,
    cacheDir: path.join(projectRoot, "node_modules", ".vite-dev-overlay-test"),
    customLogger: logger,
    logLevel: "warn",
    clearScreen: false,
    plugins: [
      react(),
      check.plugin,
      configMetaPlugin(check.read),
      siteDataPlugin(path.dirname(site.siteRoot), check.read),
      siteFolderPlugin(projectRoot, site.siteRoot),
    ],
    server: { host: "127.0.0.1", port: 0, fs: { allow: [projectRoot, site.siteRoot] } },
  });
  await server.listen();
  url = server.resolvedUrls?.local[0] ?? "";
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await site?.remove();
});

const nav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const overlayText = (page: Page) =>
  page.evaluate(
    () =>
      (document.querySelector("vite-error-overlay")?.shadowRoot?.querySelector(".window") as HTMLElement | null)
        ?.textContent ?? "",
  );

describe("npm run dev with a config mistake", { timeout: 90_000 }, () => {
  it("shows the validator's message in the overlay and the terminal, keeps the last valid page, and updates once fixed", async () => {
    const file = site.file("site-config/navigation.json");
    const valid = await readFile(file, "utf8");
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${url}home`);
    await nav(page).getByText("About us").waitFor({ timeout: 60_000 });

    // Valid JSON that breaks a rule: an empty menu label.
    await writeFile(file, valid.replace('"label": "About us"', '"label": "  "'));
    await expect.poll(() => overlayText(page), { timeout: 20_000 }).toContain("site-config/navigation.json:");
    const message = await overlayText(page);
    expect(message).toContain("Expected 'label' to have some text, but found only spaces");
    expect(message).not.toMatch(/position \d+/);
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, "dev-overlay.png") });
    expect(logged.join("\n")).toContain("site-config/navigation.json:");
    await page.reload();
    await nav(page).getByText("About us").waitFor();
    await expect.poll(() => overlayText(page)).toContain("the page shows the last valid config");

    // A missing comma: the validator's words and place, not Vite's raw JSON error.
    await writeFile(file, valid.replace('"label": "About us",', '"label": "About us"'));
    await expect.poll(() => overlayText(page), { timeout: 20_000 }).toContain("Is a comma missing?");
    expect(await overlayText(page)).not.toMatch(/position \d+/);
    expect(await nav(page).getByText("About us").count()).toBeGreaterThan(0);

    // Fixed: the page reloads with the change and the overlay is gone.
    await writeFile(file, valid.replace('"label": "About us"', '"label": "Who We Are"'));
    await nav(page).getByText("Who We Are").waitFor({ timeout: 20_000 });
    expect(await overlayText(page)).toBe("");
    expect(logged.join("\n")).toContain("site-config is valid again");
    await page.close();
  });
});
