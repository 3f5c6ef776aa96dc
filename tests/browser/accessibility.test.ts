/**
 * axe-core (WCAG 2.1 A and AA, and axe's best practices) in real Chromium, at a desktop and a phone
 * width: every route of the route table as it loads, and every state a visitor can open (each
 * mega-menu, the mobile menu, the branch chooser, the booking form, an open FAQ answer, a lead form
 * showing its validation errors). Any violation fails the test, named with its route, state, width
 * and the elements it found. Runs against the built site (npm run build first).
 */
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardiology } from "../helpers/site-collections";
import { type Harness, startHarness } from "./harness";
import { routeTable } from "./routes";

const axeSource: string = createRequire(import.meta.url)("axe-core").source;
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const widths = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
type Width = (typeof widths)[number]["name"];
const treatment = `/specialities/cardiology/${cardiology.sub_departments[0].slug}`;

let harness: Harness;
const checked = { pages: 0, states: 0, violations: 0 };

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
  console.log(
    `axe-core (${tags.join(", ")}): ${checked.pages} route loads and ${checked.states} open states checked ` +
      `at ${widths.map((w) => `${w.width} px`).join(" and ")}; ${checked.violations} violations.`,
  );
});

/** The page's axe violations, one line per rule with the elements it found. */
async function audit(page: Page, where: string): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    (values) =>
      (
        window as unknown as {
          axe: {
            run: (
              context: Document,
              options: object,
            ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe
        .run(document, { runOnly: { type: "tag", values }, resultTypes: ["violations"] })
        .then((r) =>
          r.violations.map((v) => ({ id: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) })),
        ),
    tags,
  );
  checked.violations += violations.length;
  return violations.map((v) => `${where}: ${v.id} (${v.help}) at ${v.targets.slice(0, 5).join(", ")}`);
}

async function contextAt(width: (typeof widths)[number]): Promise<BrowserContext> {
  return harness.browser.newContext({
    baseURL: harness.baseUrl,
    viewport: { width: width.width, height: width.height },
  });
}

async function open(page: Page, address: string) {
  await page.goto(address);
  await page.waitForSelector("html[data-app='ready']", { state: "attached" });
}

const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

/** The states a visitor can open, each from a freshly loaded treatment page, per width. */
const states: Record<string, { widths: Width[]; open: (page: Page) => Promise<void> }> = {
  "About us mega-menu open": {
    widths: ["desktop"],
    open: async (page) => {
      await mainNav(page).getByRole("button", { name: "About us" }).hover();
      await page.locator("#mega-about").waitFor({ state: "visible" });
    },
  },
  "Specialities mega-menu open": {
    widths: ["desktop"],
    open: async (page) => {
      await mainNav(page).getByRole("button", { name: "Specialities" }).hover();
      await page.locator("#mega-specialities").waitFor({ state: "visible" });
    },
  },
  "mobile menu open": {
    widths: ["phone"],
    open: async (page) => {
      await mainNav(page).getByRole("button", { name: "Menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).waitFor();
    },
  },
  "branch chooser open": {
    widths: ["desktop", "phone"],
    open: async (page) => {
      const inNav = mainNav(page).getByRole("button", { name: "Locations" });
      if (!(await inNav.isVisible())) {
        await mainNav(page).getByRole("button", { name: "Menu" }).click();
        await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Locations" }).click();
      } else await inNav.click();
      await page.getByRole("dialog", { name: "Choose a branch" }).waitFor();
    },
  },
  "booking form open": {
    widths: ["desktop", "phone"],
    open: async (page) => {
      await openBooking(page);
    },
  },
  "booking form showing its errors": {
    widths: ["desktop", "phone"],
    open: async (page) => {
      const dialog = await openBooking(page);
      await dialog.locator("form[data-ready]").waitFor();
      await dialog
        .getByRole("button", { name: /submit|book|request/i })
        .last()
        .click();
      await dialog.locator("[aria-invalid='true']").first().waitFor();
    },
  },
  "FAQ answer open": {
    widths: ["desktop", "phone"],
    open: async (page) => {
      const question = page.locator(".accordion__button").first();
      await question.scrollIntoViewIfNeeded();
      await question.click();
      await page.locator(".accordion__panel").first().waitFor({ state: "visible" });
    },
  },
  "appointment form showing its errors": {
    widths: ["desktop", "phone"],
    open: async (page) => {
      const form = page.locator("main form.lead-form").first();
      await form.scrollIntoViewIfNeeded();
      await form.locator("input").first().hover();
      await form.locator("[type=submit]").click();
      await form.locator("[aria-invalid='true']").first().waitFor();
    },
  },
};

async function openBooking(page: Page) {
  const opener = page.getByRole("banner").getByRole("button", { name: "Book Appointment" });
  // On a phone the top bar's button gives way to the bottom bar's.
  if (await opener.isVisible()) await opener.click();
  else await page.locator(".mobile-bar__link--primary").click();
  const dialog = page.getByRole("dialog", { name: "Book an Appointment" });
  await dialog.waitFor();
  return dialog;
}

/** Runs `task` for every item, on `count` pages of one context at once. */
async function onPages<T>(
  context: BrowserContext,
  items: T[],
  count: number,
  task: (page: Page, item: T) => Promise<void>,
) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: count }, async () => {
      const page = await context.newPage();
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(page, item);
      await page.close();
    }),
  );
}

describe("axe-core", () => {
  it.each(widths)("finds nothing on any route at $width px", { timeout: 240_000 }, async (width) => {
    const routes = routeTable();
    expect(routes.length).toBeGreaterThan(40);
    const context = await contextAt(width);
    const found: string[] = [];
    // Treatment pages are among them, each with its medical review line.
    expect(routes).toContain(treatment);
    let reviewLines = 0;
    await onPages(context, routes, 3, async (page, route) => {
      await open(page, route);
      if (route === treatment) reviewLines = await page.locator(".medical-review").count();
      found.push(...(await audit(page, `${route} at ${width.width} px`)));
      checked.pages++;
    });
    await context.close();
    expect(reviewLines).toBe(1);
    expect(found).toEqual([]);
  });

  it.each(widths)("finds nothing in any open state at $width px", { timeout: 240_000 }, async (width) => {
    const context = await contextAt(width);
    const mine = Object.entries(states).filter(([, state]) => state.widths.includes(width.name));
    const found: string[] = [];
    await onPages(context, mine, 3, async (page, [name, state]) => {
      await open(page, treatment);
      await state.open(page);
      // What opened may still be fading in (a notification's 300 ms entrance): axe would measure
      // the contrast of text half drawn.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
      found.push(...(await audit(page, `${name} at ${width.width} px`)));
      checked.states++;
    });
    await context.close();
    expect(found).toEqual([]);
  });
});
