/**
 * What a page's first paint waits for, in Chromium against the built site: the stylesheets its
 * head links. One holds the whole site's styles (src/build/vite/chunk-groups.ts) and the language
 * names' faces (language-names-plugin.ts), beside, on a Telugu page, the Telugu font's: no
 * stylesheet per block, which on a phone's connection cost a round trip each (the Telugu home page
 * linked ten). The next page opened in the app needs no stylesheet at all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The stylesheets' paths, in the order the page asked for them, with the site's hashes cut off. */
const kinds = (paths: string[]) => paths.map((p) => p.replace(/-(?:[A-Za-z0-9_-]{8}|[0-9a-f]{10})\.css$/, ".css"));

describe("a page's first paint", () => {
  it("waits for the site's one stylesheet on the home, treatment and doctors pages, and the Telugu font's on /te/home", async () => {
    const { page } = await harness.newPage();
    const sheets: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && sheets.push(new URL(r.url()).pathname));
    const expected = {
      "/home": ["/assets/boot.css"],
      "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad": ["/assets/boot.css"],
      "/our-doctors": ["/assets/boot.css"],
      "/te/home": ["/assets/boot.css", "/assets/fonts/te.css"],
    };
    for (const [route, stylesheets] of Object.entries(expected)) {
      sheets.length = 0;
      await page.goto(route);
      await page.waitForLoadState("networkidle");
      expect(kinds(sheets), route).toEqual(stylesheets);
    }
  });

  it("on a phone, fetches no image the page hides there (the home page's drawing), which a wider screen fetches and shows", async () => {
    const images = async (width: number) => {
      const { page, errors } = await harness.newPage({ width, height: 823 });
      const fetched: string[] = [];
      page.on("request", (r) => r.resourceType() === "image" && fetched.push(new URL(r.url()).pathname));
      await page.goto("/home", { waitUntil: "networkidle" });
      const shown = await page
        .locator(".hero__image")
        .evaluate((img: HTMLImageElement) => img.naturalWidth > 1 && img.getBoundingClientRect().width > 0);
      expect(errors).toEqual([]);
      return { fetched, shown };
    };
    const phone = await images(412);
    expect(phone.fetched).not.toContain("/images/home/hero.svg");
    expect(phone.shown).toBe(false);
    const wide = await images(1280);
    expect(wide.fetched).toContain("/images/home/hero.svg");
    expect(wide.shown).toBe(true);
  });

  it("asks for the logo and the accreditation mark last, at low priority, and for a treatment page's image at high", async () => {
    const { page, context } = await harness.newPage({ width: 412, height: 823 });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    // Chromium raises an image's priority once layout finds it on screen, if it is still on its
    // way (as on a phone's connection: here held back): the last word counts.
    await page.route("**/images/**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    const priority = new Map<string, string>();
    const ids = new Map<string, string>();
    cdp.on("Network.requestWillBeSent", (e) => {
      const file = new URL(e.request.url).pathname;
      ids.set(e.requestId, file);
      priority.set(file, e.request.initialPriority);
    });
    cdp.on("Network.resourceChangedPriority", (e) => {
      const file = ids.get(e.requestId);
      if (file) priority.set(file, e.newPriority);
    });
    await page.goto("/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad", {
      waitUntil: "networkidle",
    });
    expect(priority.get("/images/logo.svg")).toBe("Low");
    expect(priority.get("/images/accreditation.svg")).toBe("Low");
    expect(priority.get("/images/treatments/best-hospital-for-angioplasty-in-hyderabad.svg")).toBe("High");
  });

  it("is styled whole: the next page opened in the app, with blocks of its own, fetches no stylesheet", async () => {
    const { page } = await harness.newPage();
    await page.goto("/home", { waitUntil: "networkidle" });
    const home = await page.locator("h1").first().textContent();
    const sheets: string[] = [];
    page.on("request", (r) => r.resourceType() === "stylesheet" && sheets.push(new URL(r.url()).pathname));
    await page.evaluate(() => {
      (window as unknown as { marker?: number }).marker = 1;
      history.pushState(null, "", "/contact-us");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect.poll(() => page.locator("h1").first().textContent()).not.toBe(home);
    await page.waitForLoadState("networkidle");
    // The app's own move, not a page load.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(sheets).toEqual([]);
  });

  it("leaves the footer unlaid until it nears the screen, and brings back on back a reader who left from it", async () => {
    const { page, errors } = await harness.newPage({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const states: string[] = [];
      (window as unknown as { footerStates: string[] }).footerStates = states;
      document.addEventListener(
        "contentvisibilityautostatechange",
        (e) => {
          const event = e as Event & { skipped: boolean };
          if ((event.target as Element).classList.contains("site-footer"))
            states.push(event.skipped ? "skipped" : "shown");
        },
        true,
      );
    });
    const states = () => page.evaluate(() => (window as unknown as { footerStates: string[] }).footerStates);
    await page.goto("/te/home", { waitUntil: "networkidle" });
    expect(await states()).toEqual(["skipped"]);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(states).toEqual(["skipped", "shown"]);
    const bottom = await page.evaluate(() => window.scrollY);
    // A DOM click, so the browser does not scroll the link into view first.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('footer a[href="/te/careers"]')?.click());
    await page.waitForURL("**/te/careers");
    await page.goBack();
    await page.waitForURL("**/te/home");
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(Math.round(bottom));
    expect(errors).toEqual([]);
  });

  it("holds the unlaid footer taller than it is on a phone, so its text is read on its dark ground", async () => {
    // Lighthouse's accessibility audit (axe) reads the colours of the footer before it is laid
    // out: text spilling past a held height that was too small was read on the page's white.
    // 320 px, the narrowest phone, is where the footer is tallest (Lighthouse's phone is 412 px).
    for (const route of ["/home", "/te/home", "/hi/home"]) {
      const { page } = await harness.newPage({ width: 320, height: 823 });
      await page.goto(route, { waitUntil: "networkidle" });
      const height = () => page.evaluate(() => document.querySelector("footer")?.getBoundingClientRect().height ?? 0);
      // Read before axe: laying the footer out to read it makes `auto` keep the real height.
      const held = await height();
      expect(await axe(page, "footer"), route).toEqual([]);
      await page.locator("footer").scrollIntoViewIfNeeded();
      await expect.poll(height, { message: route }).toBeLessThan(held);
    }
  });
});
