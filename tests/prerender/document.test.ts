/** The prerendered document: data blocks that no content can break out of, and the page's assets. */
import { describe, expect, it } from "vitest";
import { type Manifest, routeAssets } from "../../src/build/prerender/assets";
import { pageDocument } from "../../src/build/prerender/document";
import type { PageInfo } from "../../src/build/prerender/manifest";
import { hydrationText, treatmentDataText } from "../../src/build/prerender/page-hydration";
import { serialiseHydrationWith } from "../../src/build/prerender/script-json";
import { treatmentData, treatmentDataJson, withTranslatedField } from "../../src/shared/collections/data-files";
import type { SubDepartment } from "../../src/shared/generated/collection";

const template =
  '<!doctype html><html><head><title>Site</title><meta name="description" content="" /></head><body><div id="root"></div></body></html>';

const info = (extra: Partial<PageInfo> = {}): PageInfo => ({
  path: "/x",
  lang: "en",
  alternates: [],
  route: "/x",
  title: "A & B",
  description: 'Say "hi"',
  canonical: "https://www.hospitals.example/x",
  structuredData: [{ "@type": "Thing", name: "</script><script>alert(1)</script>" }],
  modules: [],
  ...extra,
});

const dataBlocks = (html: string) => [
  ...html.matchAll(/<script type="application\/(?:ld\+)?json"[^>]*>(.*?)<\/script>/g),
];

describe("the prerendered document", () => {
  it("keeps content inside its data blocks: '<' and line separators escaped, the values intact", () => {
    const html = pageDocument(
      template,
      info({
        hydration: {
          treatment: {
            file: "c.json",
            data: { speciality: "<!-- a", location: "x\u2028y\u2029z", sub_departments: [] },
          },
        },
      }),
      "<p>app</p>",
      "Site",
      "https://www.hospitals.example/logo.svg",
    );
    const blocks = dataBlocks(html);
    expect(blocks).toHaveLength(2);
    for (const [, json] of blocks) {
      expect(json).not.toMatch(/[<\u2028\u2029]/);
    }
    expect(JSON.parse(blocks[0][1]).name).toBe("</script><script>alert(1)</script>");
    expect(JSON.parse(blocks[1][1]).treatment.data).toMatchObject({
      speciality: "<!-- a",
      location: "x\u2028y\u2029z",
    });
  });

  it("links the page's styles and lists its chunks for the entry to fetch after the first paint", () => {
    const html = pageDocument(
      template,
      info({ assets: { scripts: ["/assets/app-1.js", "/assets/hero-2.js"], styles: ["/assets/app-3.css"] } }),
      "<p>app</p>",
      "Site",
      "https://www.hospitals.example/logo.svg",
    );
    expect(html).toContain('<link rel="stylesheet" href="/assets/app-3.css" />');
    expect(html).not.toContain("modulepreload");
    expect(html).toContain(
      '<script type="application/json" id="route-modules">["/assets/app-1.js","/assets/hero-2.js"]</script>',
    );
    expect(html).toContain("<title>A &amp; B</title>");
    expect(html).toContain('<meta name="description" content="Say &quot;hi&quot;" />');
  });
  it("preloads the page language's font before anything else its head links, and links its stylesheet", () => {
    const fonts = { te: { font: "/assets/fonts/te-1.woff2", stylesheet: "/assets/fonts/te-2.css", bytes: 1 } };
    const head =
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><link rel="icon" href="/i.svg" /><script type="module" src="/assets/entry.js"></script><title>Site</title></head><body><div id="root"></div></body></html>';
    const page = (lang: string) =>
      pageDocument(head, info({ lang }), "<p>app</p>", "Site", "https://www.hospitals.example/logo.svg", fonts);
    const te = page("te");
    const preload = '<link rel="preload" href="/assets/fonts/te-1.woff2" as="font" type="font/woff2" crossorigin />';
    expect(te.indexOf(preload)).toBeGreaterThan(te.indexOf('<meta charset="UTF-8" />'));
    expect(te.indexOf(preload)).toBeLessThan(te.indexOf('<link rel="icon"'));
    expect(te.split("te-1.woff2")).toHaveLength(2);
    expect(te).toContain('<link rel="stylesheet" href="/assets/fonts/te-2.css" />');
    expect(page("en")).not.toContain("/assets/fonts/te-");
  });

  it("leaves out the preload of the language names' face in the page's own script, and keeps the others", () => {
    const fonts = {
      te: { font: "/assets/fonts/noto-sans-telugu-1a.woff2", stylesheet: "/assets/fonts/te-2b.css", bytes: 1 },
    };
    const names = (script: string, hash: string) =>
      `<link rel="preload" href="/assets/fonts/names-noto-sans-${script}-${hash}.woff2" as="font" type="font/woff2" crossorigin>`;
    const head = `<!doctype html><html lang="en"><head>\n    <meta charset="UTF-8" />\n    ${names("telugu", "3c")}\n    ${names("devanagari", "4d")}\n    <title>Site</title></head><body><div id="root"></div></body></html>`;
    const page = (lang: string) =>
      pageDocument(head, info({ lang }), "<p>app</p>", "Site", "https://www.hospitals.example/logo.svg", fonts);
    const te = page("te");
    expect(te).not.toContain("names-noto-sans-telugu");
    expect(te).toContain(`crossorigin />\n    ${names("devanagari", "4d")}\n`);
    expect(page("en")).toContain(`${names("telugu", "3c")}\n    ${names("devanagari", "4d")}`);
  });
});

describe("a treatment's data serialised once for its pages and its data file", () => {
  const collection = { speciality: "Cardiology", location: "Hyderabad" };
  const item = {
    $schema: "../x.json",
    slug: "a",
    name: 'A "quoted" <b>name</b> \u2028 తెలుగు $& $1',
    content: { h1: "</script>", sections: [{ h2: "x", list: ["a: <strong>b</strong>"] }] },
  } as unknown as SubDepartment;
  const reviewer = { slug: "dr", name: "Dr A", translated: "డా. ఎ" };

  it("gives the page the bytes JSON.stringify gives its hydration data, translated or not", () => {
    for (const hydration of [
      { treatment: { file: "c.json", data: treatmentData(collection, item) }, reviewer },
      {
        treatment: {
          file: "c.json",
          data: treatmentData(collection, item),
          translation: { lang: "te", strings: { "content.h1": "<!--" } },
        },
      },
    ]) {
      const text = treatmentDataText(collection, item);
      expect(hydrationText(hydration, text)).toBe(JSON.stringify(hydration));
      const whole = pageDocument(template, info({ hydration }), "<p>app</p>", "Site", "/logo.svg");
      const spliced = structuredClone(hydration);
      serialiseHydrationWith(spliced, () => hydrationText(spliced, text));
      expect(pageDocument(template, info({ hydration: spliced }), "<p>app</p>", "Site", "/logo.svg")).toBe(whole);
    }
  });

  it("gives the data file the bytes it had, with and without its translations' languages", () => {
    const text = treatmentDataText(collection, item);
    expect(treatmentDataText(collection, item)).toBe(text);
    expect(withTranslatedField(text, [])).toBe(treatmentDataJson(collection, item));
    expect(withTranslatedField(text, ["te", "hi"])).toBe(treatmentDataJson(collection, item, ["te", "hi"]));
    // Another collection's settings: serialised again.
    expect(treatmentDataText({ ...collection, location: "Vizag" }, item)).toBe(
      JSON.stringify(treatmentData({ ...collection, location: "Vizag" }, item)),
    );
  });
});

describe("a page's assets from the build manifest", () => {
  const manifest: Manifest = {
    "index.html": { file: "assets/entry.js", isEntry: true, css: ["assets/global.css"] },
    "src/site/start.tsx": { file: "assets/app.js", css: ["assets/app.css"] },
    "src/site/blocks/hero/index.tsx": {
      file: "assets/hero.js",
      imports: ["src/site/start.tsx"],
      css: ["assets/hero.css"],
    },
  };

  it("lists the chunks and styles of the page's modules, leaving out what the entry loads", () => {
    expect(routeAssets(manifest)(["src/site/blocks/hero/index.tsx"])).toEqual({
      scripts: ["/assets/hero.js", "/assets/app.js"],
      styles: ["/assets/hero.css", "/assets/app.css"],
    });
  });

  it("lists what a block's module awaits before it renders: its own dynamic imports", () => {
    const withSearch: Manifest = {
      ...manifest,
      "src/site/blocks/doctor-search/index.tsx": {
        file: "assets/doctor-search.js",
        dynamicImports: ["src/site/blocks/doctor-search/DoctorSearchPanel.tsx", "site-config/doctors.json"],
      },
      "src/site/blocks/doctor-search/DoctorSearchPanel.tsx": {
        file: "assets/panel.js",
        imports: ["src/site/start.tsx"],
      },
      "site-config/doctors.json": { file: "assets/doctors.js" },
    };
    expect(routeAssets(withSearch)(["src/site/blocks/doctor-search/index.tsx"])).toEqual({
      scripts: ["/assets/doctor-search.js", "/assets/panel.js", "/assets/app.js", "/assets/doctors.js"],
      styles: ["/assets/app.css"],
    });
  });

  it("refuses a module the build does not know, rather than link the page without it", () => {
    expect(() => routeAssets(manifest)(["src/blocks/hero.tsx"])).toThrow(
      "The build manifest has no chunk for src/blocks/hero.tsx; was it moved or renamed?",
    );
  });
});
