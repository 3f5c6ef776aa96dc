/**
 * The shared layout in real Chromium: mega-menus by mouse and keyboard, the fixed navigation bar
 * at the 50 px threshold, the branch chooser's 300 ms delay before /locations/{slug}, and Tab
 * kept inside the modals. Runs against the built site (npm run build first).
 */
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const desktop = { width: 1366, height: 900 };
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });
const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");

async function openHome(size = desktop) {
  const opened = await harness.newPage(size);
  await opened.page.goto("/home");
  await mainNav(opened.page).waitFor();
  return opened;
}

describe("skip link", () => {
  it("is the first stop of Tab, shows itself, and moves focus to the page's <main>", async () => {
    const { page, errors } = await openHome();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    expect(await hasFocus(skip)).toBe(true);
    const box = await skip.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.id === "main");
    expect(errors).toEqual([]);
  });
});

describe("mega-menus", () => {
  it("open on hover, stay open while the mouse moves into the panel, and close after it leaves", async () => {
    const { page, errors } = await openHome();
    const trigger = mainNav(page).getByRole("button", { name: "Specialities" });
    const panel = page.locator("#mega-specialities");
    expect(await panel.isVisible()).toBe(false);

    await trigger.hover();
    await panel.waitFor({ state: "visible" });
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");

    await panel.getByRole("link", { name: "Plastic Surgery" }).hover();
    await page.waitForTimeout(500);
    expect(await panel.isVisible()).toBe(true);

    await page.mouse.move(10, desktop.height - 10);
    await panel.waitFor({ state: "hidden" });
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");

    await trigger.hover();
    await panel.getByRole("link", { name: "Neurology" }).click();
    await page.waitForURL("**/specialities/neurology");
    await panel.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
  });

  it("open from the keyboard: Enter, Tab through entries, Escape back to the trigger, ArrowDown into the panel", async () => {
    const { page, errors } = await openHome();
    const about = mainNav(page).getByRole("button", { name: "About us" });
    const aboutPanel = page.locator("#mega-about");
    await about.focus();
    await page.keyboard.press("Enter");
    await aboutPanel.waitFor({ state: "visible" });
    expect(await about.getAttribute("aria-expanded")).toBe("true");

    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("About the group");
    await page.keyboard.press("Tab");
    expect(await focusedText(page)).toBe("Leadership team");

    await page.keyboard.press("Escape");
    await aboutPanel.waitFor({ state: "hidden" });
    expect(await hasFocus(about)).toBe(true);

    const specialities = mainNav(page).getByRole("button", { name: "Specialities" });
    await specialities.focus();
    await page.keyboard.press("ArrowDown");
    await page.locator("#mega-specialities").waitFor({ state: "visible" });
    expect(await focusedText(page)).toBe("Specialities");
    await page.keyboard.press("ArrowDown");
    expect(await focusedText(page)).toBe("Cardiology");
    await page.keyboard.press("Enter");
    await page.waitForURL("**/specialities/cardiology");
    expect(errors).toEqual([]);
  });
});

describe("fixed navigation bar", () => {
  it("becomes fixed with the logo only past 50 px of scroll, and nothing below it moves", async () => {
    const { page, errors } = await openHome();
    const nav = page.locator("nav.nav");
    const mainTop = () => page.locator("main").evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const isFixed = () => nav.evaluate((el) => el.classList.contains("nav--fixed"));
    const before = await mainTop();

    await page.evaluate(() => window.scrollTo(0, 50));
    await page.waitForTimeout(150);
    expect(await page.evaluate(() => window.scrollY)).toBe(50);
    expect(await isFixed()).toBe(false);
    expect(await nav.getByRole("link", { name: /home$/ }).count()).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 51));
    await page.waitForFunction(() => document.querySelector("nav.nav")?.classList.contains("nav--fixed"));
    await nav.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await nav.evaluate((el) => getComputedStyle(el).position)).toBe("fixed");
    expect(await nav.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    expect(await nav.getByRole("link", { name: /home$/ }).isVisible()).toBe(true);
    expect(await mainTop()).toBe(before);

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector("nav.nav")?.classList.contains("nav--fixed"));
    expect(await mainTop()).toBe(before);
    expect(errors).toEqual([]);
  });
});

describe("locations modal", () => {
  it("closes at once, waits 300 ms, then goes to /locations/{slug}", async () => {
    const { page, errors } = await openHome();
    await mainNav(page).getByRole("button", { name: "Locations" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose a branch" });
    await dialog.waitFor();
    // Time the click and the router's history push inside the page, free of test-runner latency.
    await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; pushAt?: number; pushedTo?: string };
      document.addEventListener("click", () => (w.clickAt ??= performance.now()), { capture: true });
      const push = history.pushState.bind(history);
      history.pushState = (data, unused, url) => {
        w.pushAt ??= performance.now();
        w.pushedTo ??= String(url);
        push(data, unused, url);
      };
    });

    await dialog.getByRole("link", { name: "Kukatpally Hyderabad" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.waitForURL("**/locations/kukatpally");
    const timing = await page.evaluate(() => {
      const w = window as unknown as { clickAt: number; pushAt: number; pushedTo: string };
      return { clickAt: w.clickAt, pushAt: w.pushAt, pushedTo: w.pushedTo };
    });
    expect(timing.pushedTo).toBe("/locations/kukatpally");
    expect(timing.pushAt - timing.clickAt).toBeGreaterThanOrEqual(300);
    expect(timing.pushAt - timing.clickAt).toBeLessThan(1000);
    expect(errors).toEqual([]);
  });
});

describe("modal focus", () => {
  it("keeps Tab and Shift+Tab inside the booking modal and gives focus back to its opener", async () => {
    const { page, errors } = await openHome();
    const opener = page.getByRole("banner").getByRole("button", { name: "Book Appointment" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Book an Appointment" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("booking-modal-name");
    expect(await page.evaluate(() => document.documentElement.classList.contains("is-scroll-locked"))).toBe(true);

    const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      expect(await inside()).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ""));
    }
    // Twelve presses over fewer than twelve controls: the focus went round, never out.
    expect(seen.size).toBeLessThan(12);

    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Shift+Tab");
    expect(await inside()).toBe(true);
    expect(await focusedText(page)).toBe("Privacy Policy");

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await hasFocus(opener)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains("is-scroll-locked"))).toBe(false);
    expect(errors).toEqual([]);
  });

  it("opens the mobile menu as a trapped drawer that Escape closes", async () => {
    const { page, errors } = await openHome({ width: 375, height: 812 });
    const menuButton = mainNav(page).getByRole("button", { name: "Menu" });
    expect(await mainNav(page).getByRole("button", { name: "Specialities" }).isVisible()).toBe(false);
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    expect(await menuButton.getAttribute("aria-expanded")).toBe("true");
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    expect(await hasFocus(menuButton)).toBe(true);
    expect(errors).toEqual([]);
  });
});
