/**
 * The content editor in a real browser: `startEditorServer` (what `npm run edit` runs) on a
 * temporary copy of site-config/, driven by Debian's Chromium. The site itself is served by the
 * same server from the copy, so "the site's header" below is the real site showing the saved file.
 *
 * EDITOR_SCREENSHOT=1 also writes docs/editor.png.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { lastValidNote } from "../../src/editor/app/PreviewPane";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import { EDITOR_MARKER } from "../../src/editor/shared/marker";
import { copySite, projectRoot, type TempSite } from "../editor/temp-site";
import { launchBrowser } from "./harness";

let browser: Browser;
let editor: RunningEditor;
let site: TempSite;
const pageErrors: string[] = [];

beforeAll(async () => {
  site = await copySite();
  // Orthopedics is stored as a folder, one file per treatment page; cardiology stays one file.
  splitCollection(site.file("site-config/collections/orthopedics-sub-departments.json"));
  [browser, editor] = await Promise.all([launchBrowser(), startEditorServer({ siteRoot: site.siteRoot, port: 0 })]);
  // The first visit makes Vite prepare the dependencies; later pages load quickly.
  const page = await openEditor("site-config/site.json");
  await page.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await editor?.close();
  await site?.remove();
});

async function newPage(width = 1600, height = 950): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  return page;
}

async function openEditor(file: string, part?: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${editor.url}/editor/#file=${file}${part ? `&part=${part}` : ""}`);
  await page.locator(".part-form form").waitFor({ timeout: 60_000 });
  await preview(page).locator("main").waitFor({ timeout: 60_000 });
  return page;
}

const preview = (page: Page) => page.frameLocator("iframe.preview__frame");

/** Opens a treatment collection's list. */
async function openCollection(file: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${editor.url}/editor/#file=${file}`);
  await page.locator(".collection-list__item").first().waitFor({ timeout: 60_000 });
  return page;
}

async function saveAndWait(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const status = page.locator(".save-status");
  await page.waitForFunction(() => !document.querySelector(".save-status")?.textContent?.startsWith("Checking"));
  return (await status.textContent()) ?? "";
}

describe("content editor", () => {
  it("changes a navigation label, shows it in the live preview, saves it, and the site's header shows it", async () => {
    const file = site.file("site-config/navigation.json");
    const before = await readFile(file, "utf8");
    const page = await openEditor("site-config/navigation.json");
    const label = page.locator("#root_items_1_label");
    await expect.poll(() => label.inputValue()).toBe("About us");

    await label.fill("Who We Are");
    await expect.poll(() => preview(page).getByText("Who We Are").count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator(".save-status").textContent()).toBe("Unsaved changes");
    if (process.env.EDITOR_SCREENSHOT) {
      await page.locator(".preview__widths").getByRole("button", { name: "Desktop", exact: true }).click();
      await label.evaluate((field) => field.scrollIntoView({ block: "center" }));
      await page.waitForTimeout(500);
      await page.screenshot({ path: path.join(projectRoot, "docs/editor.png") });
    }

    expect(await saveAndWait(page)).toBe("Saved.");
    const after = await readFile(file, "utf8");
    expect(after).toBe(before.replace('"label": "About us"', '"label": "Who We Are"'));

    const site$ = await newPage(1280, 800);
    await site$.goto(`${editor.url}/home`);
    const nav = site$.getByRole("navigation", { name: "Main navigation" });
    await nav.getByText("Who We Are").waitFor();
    expect(await nav.getByText("About us").count()).toBe(0);
  });

  it("refuses to save invalid config, with the reason next to the field", async () => {
    const file = site.file("site-config/footer.json");
    const before = await readFile(file, "utf8");
    const page = await openEditor("site-config/footer.json");
    await page.locator("#root_about_title").fill("");
    await page.locator("#root_linkLists_0_links_0_route").fill("/no-such-page");
    await expect
      .poll(() =>
        page
          .locator("#root_about_title")
          .locator("xpath=ancestor::div[contains(@class,'form-group')][1]")
          .textContent(),
      )
      .toContain("Fill in 'Title': this about needs it.");

    expect(await saveAndWait(page)).toBe("Not saved: 2 problems need fixing first.");
    const routeField = page
      .locator("#root_linkLists_0_links_0_route")
      .locator("xpath=ancestor::div[contains(@class,'form-group')][1]");
    expect(await routeField.textContent()).toContain("no page has the route '/no-such-page'");
    // The banner names each field by its labels, never by a JSON pointer or a schema file.
    const banner = (await page.locator(".problems").textContent()) ?? "";
    expect(banner).toContain("Link list ‘Hospital’ › Link ‘About us’ › Page address: ");
    expect(banner).toContain("About: Fill in 'Title': this about needs it.");
    expect(banner).not.toMatch(/\/linkLists|\/about\/title|\.schema\.json/);
    expect(await readFile(file, "utf8")).toBe(before);
  });

  it("refuses to overwrite a file changed on disk since it was opened, and offers to reload it", async () => {
    const file = site.file("site-config/branches.json");
    const page = await openEditor("site-config/branches.json");
    await page.locator("#root_branches_0_city").fill("Secunderabad");
    const theirs = (await readFile(file, "utf8")).replace('"name": "Kothapet"', '"name": "Kothapet Hospital"');
    await writeFile(file, theirs);

    expect(await saveAndWait(page)).toBe("Not saved: the file changed on disk");
    const notice = page.locator(".notice--conflict");
    expect(await notice.textContent()).toContain("was changed on disk after you opened it");
    expect(await readFile(file, "utf8")).toBe(theirs);

    await notice.getByRole("button", { name: /Reload from disk/ }).click();
    await expect.poll(() => page.locator("#root_branches_0_name").inputValue()).toBe("Kothapet Hospital");
    expect(await page.locator("#root_branches_0_city").inputValue()).toBe("Hyderabad");
  });

  it("adds a treatment page by duplicating one: it is served at its route and listed with its collection", async () => {
    const page = await openCollection("site-config/collections/cardiology-sub-departments.json");
    await page.getByRole("button", { name: /Heart Failure/ }).click();
    await page.locator(".part-form form").waitFor();
    await page.getByRole("button", { name: "Duplicate this treatment page" }).click();
    await expect
      .poll(() => page.locator("#root_slug").inputValue())
      .toBe("treatment-for-heart-failure-in-kukatpally-copy");
    await page.locator("#root_name").fill("Heart Failure Clinic");
    await page.locator("#root_slug").fill("heart-failure-clinic");
    await expect
      .poll(() => page.locator("#root_url").inputValue())
      .toBe("/specialities/cardiology/heart-failure-clinic");
    await expect
      .poll(() => preview(page).getByText("Book an Appointment for Heart Failure Clinic").count())
      .toBeGreaterThan(0);
    expect(await saveAndWait(page)).toBe("Saved.");

    const site$ = await newPage(1280, 800);
    await site$.goto(`${editor.url}/specialities/cardiology/heart-failure-clinic`);
    await site$.getByText("Book an Appointment for Heart Failure Clinic").first().waitFor();
    await site$.goto(`${editor.url}/specialities/cardiology`);
    await site$.getByRole("link", { name: "Heart Failure Clinic" }).waitFor();
  });

  it("opens a collection folder as one searchable list, edits one treatment page with its preview, and saves only its file", async () => {
    const folder = "site-config/collections/orthopedics-sub-departments";
    const page = await openCollection(`${folder}/_collection.json`);
    // One entry in the file list, with its count.
    const entry = page.locator(".files__link", { hasText: "Orthopedics treatments" });
    await expect.poll(() => entry.locator(".files__detail").textContent()).toBe("5 treatment pages");
    expect(await page.locator(".files__link", { hasText: "Total Knee Replacement" }).count()).toBe(0);

    const search = page.getByRole("searchbox", { name: "Search treatment pages" });
    await search.fill("knee");
    const items = page.getByRole("navigation", { name: "Treatment pages of this collection" }).locator("ol button");
    await expect.poll(() => items.allTextContents()).toEqual(["Total Knee Replacementtotal-knee-replacement"]);
    await expect
      .poll(() => page.locator(".collection-list__count").textContent())
      .toBe("1–1 of 1 matching ‘knee’ (of 5)");
    // From the keyboard: ↓ from the search box to the treatment, Enter opens it.
    await search.press("ArrowDown");
    await page.keyboard.press("Enter");
    const name = page.locator("#root_name");
    await expect.poll(() => name.inputValue()).toBe("Total Knee Replacement");
    await expect.poll(() => page.url()).toContain("treatment=total-knee-replacement");

    const before = new Map(
      await Promise.all(
        (await readdir(site.file(folder))).map(
          async (n) => [n, await readFile(path.join(site.file(folder), n), "utf8")] as const,
        ),
      ),
    );
    await name.fill("Knee Replacement Surgery");
    await expect
      .poll(() => preview(page).getByText("Book an Appointment for Knee Replacement Surgery").count())
      .toBeGreaterThan(0);
    expect(await saveAndWait(page)).toBe("Saved.");
    const changed: string[] = [];
    for (const n of await readdir(site.file(folder)))
      if ((await readFile(path.join(site.file(folder), n), "utf8")) !== before.get(n)) changed.push(n);
    expect(changed).toEqual(["total-knee-replacement.json"]);
    await expect.poll(() => items.first().textContent()).toContain("Knee Replacement Surgery");
  });

  it("translates one treatment page of a collection folder in its own file, with the preview in Telugu", async () => {
    const folder = "site-config/collections/orthopedics-sub-departments";
    const translation = site.file(
      "site-config/i18n/te/collections/orthopedics-sub-departments/total-knee-replacement.json",
    );
    const page = await newPage();
    await page.goto(`${editor.url}/editor/#file=${folder}/_collection.json&lang=te`);
    const items = page.getByRole("navigation", { name: "Treatment pages of this collection" }).locator("ol button");
    await items.filter({ hasText: "total-knee-replacement" }).click();
    const h1 = page.locator("textarea[id='t-content.h1']");
    await expect.poll(() => h1.inputValue()).toBe("మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్)");
    await h1.fill("మోకాలి మార్పిడి సర్జరీ");
    await expect.poll(() => preview(page).getByRole("heading", { level: 1, name: "మోకాలి మార్పిడి సర్జరీ" }).count()).toBe(1);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    expect(JSON.parse(await readFile(translation, "utf8")).strings["content.h1"]).toBe("మోకాలి మార్పిడి సర్జరీ");
    // Only that treatment's translation: no file for the whole collection's.
    expect(await readdir(site.file("site-config/i18n/te/collections"))).not.toContain(
      "orthopedics-sub-departments.json",
    );
  });
});

describe("the editor's preview", () => {
  const frameWidth = (page: Page) =>
    page.locator("iframe.preview__frame").evaluate((f) => (f as HTMLIFrameElement).contentWindow?.innerWidth);
  const widthButton = (page: Page, name: string) =>
    page.locator(".preview__widths").getByRole("button", { name, exact: true });

  it("opens at a desktop's width, so the desktop menu shows, and switches to a phone's and back", async () => {
    const page = await openEditor("site-config/navigation.json");
    expect(await frameWidth(page)).toBe(1280);
    expect(await widthButton(page, "Desktop").getAttribute("aria-pressed")).toBe("true");
    // The desktop header shows the menu's labels; a phone's shows a Menu button instead.
    const label = await page.locator("#root_items_1_label").inputValue();
    await expect.poll(() => preview(page).locator("header nav").getByText(label).first().isVisible()).toBe(true);

    await widthButton(page, "Phone").click();
    await expect.poll(() => frameWidth(page)).toBe(390);
    expect(await widthButton(page, "Phone").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => preview(page).getByRole("button", { name: /Menu/ }).first().isVisible()).toBe(true);

    await widthButton(page, "Desktop").click();
    await expect.poll(() => frameWidth(page)).toBe(1280);
  });

  it("keeps showing the last valid draft with a note while the draft has errors, and never an exception", async () => {
    const page = await openEditor("site-config/navigation.json");
    const label = page.locator("#root_items_1_label");
    const nav = preview(page).getByRole("navigation", { name: "Main navigation" });
    await label.fill("Who We Are Now");
    await expect.poll(() => nav.getByText("Who We Are Now").count()).toBeGreaterThan(0);

    await label.fill("");
    await expect.poll(() => page.locator(".preview__note").textContent()).toBe(lastValidNote);
    expect(await nav.getByText("Who We Are Now").count()).toBeGreaterThan(0);

    await label.fill("Our Story");
    await expect.poll(() => nav.getByText("Our Story").count()).toBeGreaterThan(0);
    expect(await page.locator(".preview__note--stale").count()).toBe(0);
  });

  it("shows a new, still empty FAQ block's page as it last was, with the note and no error in place", async () => {
    const page = await openEditor("site-config/pages/home.json", "0");
    const blocksBefore = await preview(page).locator("main [data-block]").count();
    await page.locator(".part-list__add select").selectOption("faq-accordion");
    await page.getByRole("button", { name: "+ Add block" }).click();
    await expect.poll(() => page.locator(".preview__note").textContent()).toBe(lastValidNote);
    const main = (await preview(page).locator("main").textContent()) ?? "";
    expect(main).not.toContain("Content Not Loaded");
    expect(main).not.toMatch(/Cannot read properties|undefined|TypeError/);
    expect(await preview(page).locator("main [data-block]").count()).toBe(blocksBefore);

    // Filled in, the block shows, outlined, and the preview goes to it.
    await page.locator("#root_title").fill("Questions people ask");
    await page.getByRole("button", { name: "+ Add", exact: true }).click();
    await page.locator("#root_items_0_question").fill("Do I need an appointment?");
    await page.locator("#root_items_0_answer").fill("No: walk in, or book to save time.");
    await expect.poll(() => page.locator(".preview__note--stale").count()).toBe(0);
    const editing = preview(page).locator("[data-editing]");
    await expect.poll(() => editing.textContent()).toContain("Questions people ask");
    await expect
      .poll(() => editing.evaluate((e) => e.getBoundingClientRect().top < window.innerHeight && window.scrollY > 0))
      .toBe(true);
  });

  it("outlines the part being edited and scrolls the frame to it", async () => {
    const page = await openEditor("site-config/pages/home.json", "0");
    const editing = preview(page).locator("[data-editing]");
    await expect.poll(() => editing.count()).toBe(1);
    const parts = page.locator(".part-list__item");
    const last = (await parts.count()) - 1;
    await parts.nth(last).click();
    // The last block is far below the first screen: the frame scrolls to it and outlines it.
    await expect
      .poll(() =>
        editing.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const list = element.previousElementSibling?.getAttribute("data-block");
          return { list, inView: box.top < window.innerHeight && box.bottom > 0, scrolled: window.scrollY > 0 };
        }),
      )
      .toEqual({ list: `/blocks/${last - 1}`, inView: true, scrolled: true });
    expect(await editing.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe("dashed");
    // Only the frame scrolls: the pane around the scaled frame stays put, with no blank strip.
    expect(await page.locator(".preview__stage").evaluate((stage) => stage.scrollTop)).toBe(0);

    await parts.nth(1).click();
    await expect
      .poll(() => editing.evaluate((element) => element.previousElementSibling?.getAttribute("data-block")))
      .toBe("/blocks/0");
  });

  it("opens the footer's file at the footer, outlined, with the pane's stage not scrolled", async () => {
    const page = await openEditor("site-config/footer.json");
    const footer = preview(page).locator("footer");
    await expect.poll(() => footer.getAttribute("data-editing")).toBe("");
    await expect
      .poll(() =>
        footer.evaluate(
          (e) => Math.round(e.getBoundingClientRect().bottom) <= window.innerHeight && window.scrollY > 0,
        ),
      )
      .toBe(true);
    expect(await page.locator(".preview__stage").evaluate((stage) => stage.scrollTop)).toBe(0);
  });
});

describe("the route picker", () => {
  it("offers the site's pages by title, narrows them as you type, and fills in the chosen page's address", async () => {
    const choices = (await (await fetch(`${editor.url}/editor/api/choices`)).json()) as {
      pages: { route: string; title: string }[];
    };
    expect(choices.pages).toContainEqual(expect.objectContaining({ route: "/about-us/leadership-team" }));

    const page = await openEditor("site-config/navigation.json");
    const field = page.getByRole("combobox").and(page.locator("#root_items_1_route"));
    await expect.poll(() => field.inputValue()).toBe("/about-us");
    await field.click();
    await field.fill("leadership");
    const options = page.getByRole("listbox").getByRole("option");
    await expect.poll(() => options.count()).toBeGreaterThan(0);
    const texts = await options.allTextContents();
    expect(texts.every((t) => /leadership/i.test(t))).toBe(true);
    await options.filter({ hasText: "/about-us/leadership-team" }).first().click();

    expect(await field.inputValue()).toBe("/about-us/leadership-team");
    expect(await page.getByRole("listbox").count()).toBe(0);
    const group = field.locator("xpath=ancestor::div[contains(@class,'form-group')][1]");
    expect(await group.locator(".picker__note").textContent()).toMatch(/^Leads to ‘.+’$/);
    // The preview's menu entry now leads there.
    await expect
      .poll(() => preview(page).locator('header nav a[href="/about-us/leadership-team"]').count())
      .toBeGreaterThan(0);
  });

  it("is used from the keyboard, and says when an address typed by hand leads to no page", async () => {
    const page = await openEditor("site-config/navigation.json");
    const field = page.locator("#root_items_1_route");
    await field.click();
    await field.fill("careers");
    await field.press("ArrowDown");
    await field.press("ArrowUp");
    await field.press("Enter");
    expect(await field.inputValue()).toBe("/careers");

    await field.fill("/abuot-us");
    await field.press("Escape");
    const group = field.locator("xpath=ancestor::div[contains(@class,'form-group')][1]");
    expect(await group.locator(".picker__note").textContent()).toBe("No page of this site has this address.");
  });
});

describe("every editor page above", () => {
  it("threw no errors", () => {
    expect(pageErrors).toEqual([]);
  });
});

describe("the public build", () => {
  it("holds none of the editor's code", async () => {
    const dist = path.join(projectRoot, "dist");
    const files = (await readdir(dist, { recursive: true, withFileTypes: true }).catch(() => [])).filter(
      (e) => e.isFile() && /\.(js|html|css)$/.test(e.name),
    );
    expect(files.length, "dist/ has no build: run 'npm run build' first (npm run test:browser does)").toBeGreaterThan(
      0,
    );
    // The marker is in the editor's code as served, so its absence from dist/ means something.
    expect(await (await fetch(`${editor.url}/src/editor/shared/marker.ts`)).text()).toContain(EDITOR_MARKER);
    for (const entry of files) {
      const text = await readFile(path.join(entry.parentPath, entry.name), "utf8");
      expect(text.includes(EDITOR_MARKER), `${entry.name} contains editor code`).toBe(false);
    }
  });
});
