/**
 * Pages of a ':slug' route are prerendered as their content put into one shared frame (header,
 * footer, modals). That must give, byte for byte, the document a whole render gives: the browser
 * hydrates it as one tree, ids included.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { encodedParts } from "../../src/build/output-file";
import { formSlotUse, frameUse, renderPage, sharedFrameRoutes } from "../../src/build/prerender/entry-server";
import { contentMarker, mainContent, textOf, withContent } from "../../src/build/prerender/frame";
import { footer, navigation } from "../../src/site/config/site-config";
import { sitePageInfos } from "../helpers/site-pages";

const template =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>Site</title></head><body><div id="root"></div></body></html>';
const pages = await sitePageInfos(path.resolve(import.meta.dirname, "../../site-config/collections"));

describe("prerendering with shared frames", () => {
  it.each(pages.map((info) => [info.path, info] as const))("%s is the same as a whole render", async (_, info) => {
    const shared = await renderPage(info, template);
    const whole = await renderPage(info, template, { reuseFrames: false });
    expect(shared).toBe(whole);
  });

  it("shares one frame per ':slug' route among the site's pages (treatments, specialities, posts)", () => {
    expect(sharedFrameRoutes()).toEqual(
      expect.arrayContaining(["/specialities/cardiology/:slug", "/specialities/orthopedics/:slug", "/blogs/:slug"]),
    );
  });

  it("puts each treatment page into its route's frame, rendering whole only a page the header or footer links to", async () => {
    const linked = (info: (typeof pages)[number]) =>
      [navigation, footer].some((config) => JSON.stringify(config).includes(`"${info.path}"`));
    const treatments = pages.filter((info) => info.route.endsWith("/:slug") && info.route.startsWith("/specialities/"));
    const before = { ...frameUse };
    for (const info of treatments) await renderPage(info, template);
    const unlinked = treatments.filter((info) => !linked(info)).length;
    expect(unlinked).toBeGreaterThan(0);
    expect(frameUse.spliced - before.spliced).toBe(unlinked);
    expect(frameUse.whole - before.whole).toBe(treatments.length - unlinked);
  });

  it("renders each kind of lead form once, and fills it in on the other pages that show it, with their own heading", async () => {
    const treatments = pages.filter((info) => info.route === "/specialities/cardiology/:slug");
    expect(treatments.length).toBeGreaterThan(2);
    const before = { ...formSlotUse };
    const html: string[] = [];
    for (const info of treatments) html.push(await renderPage(info, template));
    // Every one of these pages shows the appointment form: rendered once at most (earlier tests
    // may have rendered it), filled in on the rest.
    expect(formSlotUse.rendered - before.rendered).toBeLessThanOrEqual(1);
    expect(formSlotUse.filled - before.filled).toBeGreaterThanOrEqual(treatments.length - 1);
    for (const [i, page] of html.entries()) {
      expect(page).toContain(`<form class="lead-form"`);
      expect(page).not.toContain("\u2063prerender-");
      const heading = /<h2 id="treatment-appointment-title"[^>]*>([^<]*)<\/h2>/.exec(page)?.[1];
      const whole = await renderPage(treatments[i], template, { reuseFrames: false });
      expect(heading).toBe(/<h2 id="treatment-appointment-title"[^>]*>([^<]*)<\/h2>/.exec(whole)?.[1]);
    }
  });

  it("takes a render's preload links and <main> content out, and puts them into the frame", () => {
    const content = mainContent(
      '<link rel="preload" as="image" href="/b.svg"/><div class="site"><main id="main"><p>a</p></main></div>',
    );
    expect(content).toEqual({ preloads: '<link rel="preload" as="image" href="/b.svg"/>', main: "<p>a</p>" });
    expect(
      withContent(
        `<link rel="preload" as="image" href="/a.svg"/><main id="main">${contentMarker}</main><footer></footer>`,
        content,
      ),
    ).toBe(
      '<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg"/><main id="main"><p>a</p></main><footer></footer>',
    );
    expect(() => withContent("<main></main>", content)).toThrow("no content marker");
  });
});

describe("a page written in parts", () => {
  it("is the UTF-8 of its parts joined, shared bytes and strings alike, past the scratch buffer's size", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const parts = [
      "<p>English ",
      bytes("<a>తెలుగు हिन्दी 😀</a>"),
      "",
      "x".repeat(200_000),
      bytes("é".repeat(40_000)),
      "తె".repeat(30_000),
      "😀 end",
    ];
    const text = textOf(parts);
    expect(text.length).toBeGreaterThan(300_000);
    expect(Buffer.from(encodedParts(parts)).equals(Buffer.from(text))).toBe(true);
    // Again, with the scratch buffer grown by the last call.
    expect(Buffer.from(encodedParts(parts.slice(0, 2))).toString()).toBe("<p>English <a>తెలుగు हिन्दी 😀</a>");
  });
});
