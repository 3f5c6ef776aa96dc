/**
 * The XSS corpus (tests/fixtures/xss-vectors.json) in real Chromium, on a copy of the built site
 * whose treatment pages carry every vector, the refused ones too (written straight into the data, as
 * an edited data file would be, past the validator), in a treatment's list items (rendered as
 * HTML, with and without a bold term) and description (plain text):
 *
 * - as prerendered, read with JavaScript off (crawlers, no-JS visitors, everyone before hydration):
 *   nothing outside the allowlist, and the page around the list exactly as on a clean page;
 * - hydrated: nothing runs (alert and the like are counted, as are CSP violations and requests
 *   off the site), no hydration error, the server's markup kept, the sanitiser's chunk not fetched;
 * - rendered by the browser itself (pages reached by navigating in the app, sanitised by the lazy
 *   chunk): the same markup as prerendered, and still nothing runs.
 *
 * Prints the counts (vectors, refused by the validator, executed, hydration errors).
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { JSDOM } from "jsdom";
import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheDir } from "../../src/build/build-state";
import { dataPaths, treatmentData, treatmentIndex } from "../../src/shared/collections/data-files";
import type { SubDepartment, TreatmentCollection } from "../../src/shared/generated/collection";
import { checkHtml } from "../../src/shared/html/html";
import { linkKind, offSiteRel } from "../../src/shared/html/html-allowlist";
import { installJsdom } from "../../src/shared/html/node-dom";
import { type Harness, startHarness } from "./harness";

interface Vector {
  id: string;
  html: string;
  note: string;
  expect: "refused" | "accepted";
}

const root = path.resolve(import.meta.dirname, "../..");
const { vectors } = JSON.parse(readFileSync(path.join(root, "tests/fixtures/xss-vectors.json"), "utf8")) as {
  vectors: Vector[];
};
const perPage = 8;
const batches = Array.from({ length: Math.ceil(vectors.length / perPage) }, (_, i) =>
  vectors.slice(i * perPage, (i + 1) * perPage),
);
const route = (slug: string) => `/specialities/cardiology/${slug}`;
const baseline = "xss-baseline";
const pageSlug = (i: number) => `xss-vectors-${i + 1}`;
const pageName = (i: number) => `XSS vectors ${i + 1}`;

installJsdom();
const refused = vectors.filter((v) => checkHtml(v.html).problems.length > 0);

/** A copy of the built site with a treatment page per batch of vectors, and a clean one to compare with. */
function buildSite(dir: string): string {
  const site = path.join(dir, "dist");
  const collections = path.join(dir, "collections");
  // Compressed copies would be served instead of the pages rendered here.
  cpSync(path.join(root, "dist"), site, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  mkdirSync(collections);
  const source = path.join(root, "site-config/collections");
  for (const file of readdirSync(source).filter((f) => f.endsWith("-sub-departments.json")))
    cpSync(path.join(source, file), path.join(collections, file));
  const file = "cardiology-sub-departments.json";
  const data = JSON.parse(readFileSync(path.join(source, file), "utf8")) as TreatmentCollection;
  const base = data.sub_departments[0];
  const treatment = (slug: string, name: string, list: string[], description: string): SubDepartment => ({
    ...base,
    slug,
    name,
    url: route(slug),
    canonical_url: `https://www.hospitals.example${route(slug)}`,
    content: { ...base.content, h1: name, sections: [{ h2: "Vectors", description, list }] },
  });
  const items = (batch: string[]) => batch.flatMap((html) => [html, `Term: ${html}`]);
  data.sub_departments.push(
    treatment(baseline, "XSS baseline", items(batches[0].map((_, i) => `Plain item ${i}`)), "Plain text."),
    ...batches.map((batch, i) =>
      treatment(pageSlug(i), pageName(i), items(batch.map((v) => v.html)), batch.map((v) => v.html).join("\n")),
    ),
  );
  const json = JSON.stringify(data);
  writeFileSync(path.join(collections, file), json);
  // The data files the browser fetches once the page is live: each treatment's own, and the index.
  writeFileSync(path.join(site, "assets/data", file), json);
  for (const item of data.sub_departments)
    writeFileSync(path.join(site, dataPaths.treatment(file, item.slug)), JSON.stringify(treatmentData(data, item)));
  writeFileSync(path.join(site, dataPaths.index(file)), JSON.stringify(treatmentIndex(data, data.sub_departments)));
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/prerender.ts",
      // The server bundle npm run build made just before the browser tests.
      "--skip-ssr-build",
      "--ssr-dir",
      path.join(cacheDir(root), "ssr"),
      "--dist",
      site,
      "--collections",
      collections,
      "--workers",
      "2",
    ],
    { cwd: root, env: { ...process.env, NODE_ENV: "production" }, stdio: "pipe" },
  );
  return site;
}

/** What a page shows of the vectors, read in the page. */
interface Reading {
  /** The vectors list's items, as markup. */
  items: string[];
  /** What in the list falls outside the allowlist. */
  outside: string[];
  /** Anywhere in the page: handler attributes, script addresses, base and meta refresh elements. */
  dangerous: string[];
  /** How many elements of each tag the page has outside the vectors' section. */
  tags: Record<string, number>;
  /** What each vector shows (the item without a term), as markup. */
  shown: string[];
}

function readPage(page: Page): Promise<Reading> {
  return page.evaluate(() => {
    const allowed: Record<string, string[]> = {
      a: ["href", "title", "rel", "target"],
      b: [],
      br: [],
      em: [],
      i: [],
      small: [],
      span: [],
      strong: [],
      sub: [],
      sup: [],
      u: [],
    };
    const heading = [...document.querySelectorAll("h2")].find((h) => h.textContent === "Vectors");
    const section = heading?.parentElement;
    const list = section?.querySelector("ul.content-list");
    if (!section || !list) throw new Error(`No vectors list on ${location.pathname}`);
    const items = [...list.children].map((li) => li.innerHTML);
    const outside: string[] = [];
    for (const element of list.querySelectorAll("li *")) {
      const tag = element.localName;
      if (!(tag in allowed) || element.namespaceURI !== "http://www.w3.org/1999/xhtml") outside.push(`<${tag}>`);
      for (const { name, value } of element.attributes)
        if (!allowed[tag]?.includes(name)) outside.push(`${name}="${value}" on <${tag}>`);
      if (tag === "a" && element.hasAttribute("href")) {
        const url = new URL((element as HTMLAnchorElement).href);
        const own = url.origin === location.origin && !/^[/\\]{2}/.test(element.getAttribute("href") ?? "");
        if (!["https:", "mailto:", "tel:"].includes(url.protocol) && !own) outside.push(`href="${url.href}"`);
      }
    }
    // The description is plain text: its lines, and <br> between them.
    for (const element of section.querySelectorAll("p *"))
      if (element.localName !== "br") outside.push(`<${element.localName}> in the description`);
    const comments = document.createNodeIterator(list, NodeFilter.SHOW_COMMENT);
    for (let comment = comments.nextNode(); comment; comment = comments.nextNode())
      outside.push(`a comment (${comment.textContent})`);
    const dangerous: string[] = [];
    for (const element of document.querySelectorAll("*")) {
      for (const { name, value } of element.attributes) {
        if (/^on/i.test(name)) dangerous.push(`${name} on <${element.localName}>`);
        if (
          /^(href|src|action|formaction|xlink:href|data)$/i.test(name) &&
          /^\W*(javascript|vbscript|data):/i.test(value)
        )
          dangerous.push(`${name}="${value}" on <${element.localName}>`);
      }
    }
    dangerous.push(
      ...[...document.querySelectorAll("base, meta[http-equiv], iframe, object, embed")].map((e) => e.outerHTML),
    );
    const tags: Record<string, number> = {};
    for (const element of document.querySelectorAll("*")) {
      if (section.contains(element) || element.closest("h1, title")) continue;
      tags[element.localName] = (tags[element.localName] ?? 0) + 1;
    }
    // What each vector shows (its item without a term): a span, or, split at a first colon, a bold
    // span for the term and a span. Compared with the string as written in Node, not here: parsing
    // markup with handlers, even in an inert document, makes Chromium report CSP violations.
    const shown = [...list.children]
      .filter((_, i) => i % 2 === 0)
      .map((li) => {
        const first = li.firstElementChild;
        if (first?.localName === "strong")
          return `${first.firstElementChild?.innerHTML}${first.nextElementSibling?.innerHTML}`;
        return first?.innerHTML ?? "";
      });
    return { items, outside, dangerous, tags, shown };
  });
}

const { document: nodeDocument } = new JSDOM("").window;

/** Markup as the DOM it parses to, off-site links counting the rel the sanitiser adds by design. */
function parsed(html: string): string {
  const holder = nodeDocument.createElement("span");
  holder.innerHTML = html;
  for (const a of holder.querySelectorAll("a")) {
    const href = a.getAttribute("href") ?? "";
    const rel = (a.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
    if (linkKind(href) === "off-site") rel.push(...offSiteRel);
    if (rel.length > 0) a.setAttribute("rel", [...new Set(rel)].sort().join(" "));
  }
  return holder.innerHTML;
}

/** Counts what runs: dialogs, print, `__xss`, and CSP violations (installed before any page script). */
const instrument = () => {
  const w = window as unknown as { __hits: string[]; __csp: string[] };
  w.__hits = [];
  w.__csp = [];
  for (const name of ["alert", "confirm", "prompt", "print", "__xss"])
    Object.defineProperty(window, name, { value: (arg: unknown) => w.__hits.push(`${name}(${String(arg)})`) });
  document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
};

let harness: Harness;
let tmp: string;
const counts = {
  executed: 0,
  csp: 0,
  offSite: 0,
  hydration: 0,
  acceptedChanged: 0,
  clientDiffers: 0,
};
const prerendered = new Map<number, Reading>();

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "xss-site-"));
  harness = await startHarness({ distDir: buildSite(tmp) });
}, 180_000);

afterAll(async () => {
  await harness?.close();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  console.log(
    `XSS corpus in Chromium: ${vectors.length} vectors, ${refused.length} refused by the validator (rendered anyway, past it), ` +
      `${counts.executed} executed, ${counts.csp} CSP violations on hydrated pages, ${counts.offSite} requests off the site, ` +
      `${counts.hydration} hydration errors, ${counts.acceptedChanged} accepted but changed, ` +
      `${counts.clientDiffers} differences between prerendered and browser-rendered markup.`,
  );
});

/** A context whose requests off the site are refused and counted, with what runs counted. */
async function watchedContext(options: BrowserContextOptions, offSite: string[]): Promise<BrowserContext> {
  const context = await harness.browser.newContext({ baseURL: harness.baseUrl, ...options });
  await context.route(
    (url) => url.origin !== new URL(harness.baseUrl).origin && !url.protocol.startsWith("data"),
    (r) => {
      offSite.push(r.request().url());
      return r.abort();
    },
  );
  if (options.javaScriptEnabled !== false) await context.addInitScript(instrument);
  return context;
}

/** Runs `task` for every item on `width` pages of one context at once. */
async function onPages<T>(
  context: BrowserContext,
  items: T[],
  width: number,
  task: (page: Page, item: T) => Promise<void>,
) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      const page = await context.newPage();
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(page, item);
      await page.close();
    }),
  );
}

const isHydrationError = (text: string) => /#418|#423|#425|hydrat/i.test(text);

describe("the XSS corpus in Chromium", () => {
  it("is prerendered inside the allowlist, leaving the rest of the page as on a clean page", {
    timeout: 120_000,
  }, async () => {
    const offSite: string[] = [];
    const context = await watchedContext({ javaScriptEnabled: false }, offSite);
    const clean = await context.newPage();
    await clean.goto(route(baseline));
    const { tags } = await readPage(clean);
    const problems: string[] = [];
    await onPages(
      context,
      batches.map((_, i) => i),
      3,
      async (page, i) => {
        await page.goto(route(pageSlug(i)));
        const reading = await readPage(page);
        prerendered.set(i, reading);
        if (reading.outside.length > 0) problems.push(`${pageName(i)}: ${reading.outside.join(", ")}`);
        if (reading.dangerous.length > 0) problems.push(`${pageName(i)}: ${reading.dangerous.join(", ")}`);
        expect(reading.tags, `${pageName(i)}: the page around the list`).toEqual(tags);
      },
    );
    await context.close();
    counts.offSite += offSite.length;
    expect(problems).toEqual([]);
    expect(offSite).toEqual([]);
  });

  it("hydrates with nothing run, no hydration error, the server's markup kept and no sanitiser fetched", {
    timeout: 120_000,
  }, async () => {
    expect(prerendered.size).toBe(batches.length);
    const offSite: string[] = [];
    const context = await watchedContext({}, offSite);
    const problems: string[] = [];
    const sanitiserFetched: string[] = [];
    context.on("request", (request) => {
      if (/\/assets\/purify-[\w-]+\.js$/.test(request.url())) sanitiserFetched.push(request.url());
    });
    await onPages(
      context,
      batches.map((_, i) => i),
      3,
      async (page, i) => {
        const errors: string[] = [];
        const onConsole = (msg: import("playwright-core").ConsoleMessage) => {
          if (msg.type() === "error") errors.push(msg.text());
        };
        const onError = (error: Error) => errors.push(error.message);
        page.on("console", onConsole);
        page.on("pageerror", onError);
        await page.goto(route(pageSlug(i)), { waitUntil: "networkidle" });
        await page.waitForSelector("html[data-app='ready']", { state: "attached" });
        const reading = await readPage(page);
        const { hits, csp } = await page.evaluate(() => {
          const w = window as unknown as { __hits: string[]; __csp: string[] };
          return { hits: w.__hits, csp: w.__csp };
        });
        page.off("console", onConsole);
        page.off("pageerror", onError);
        counts.executed += hits.length;
        counts.csp += csp.length;
        counts.hydration += errors.filter(isHydrationError).length;
        batches[i].forEach((vector, j) => {
          if (vector.expect === "accepted" && parsed(reading.shown[j]) !== parsed(vector.html)) {
            counts.acceptedChanged++;
            problems.push(`${vector.id} was accepted but shows differently from how it is written`);
          }
        });
        if (hits.length + csp.length > 0) problems.push(`${pageName(i)} ran: ${[...hits, ...csp].join(", ")}`);
        if (errors.length > 0) problems.push(`${pageName(i)} logged: ${errors.join(" | ")}`);
        if (reading.dangerous.length > 0) problems.push(`${pageName(i)}: ${reading.dangerous.join(", ")}`);
        expect(reading.items, `${pageName(i)}: hydration keeps the server's markup`).toEqual(prerendered.get(i)?.items);
      },
    );
    await context.close();
    counts.offSite += offSite.length;
    expect(problems).toEqual([]);
    expect(offSite).toEqual([]);
    expect(sanitiserFetched).toEqual([]);
  });

  it("renders in the browser (the lazy sanitiser) exactly what was prerendered, with nothing run", {
    timeout: 120_000,
  }, async () => {
    const offSite: string[] = [];
    // No CSP here: a handler that reached the page would run and be counted, not just be blocked
    // (the control at the end shows it would).
    const context = await watchedContext({ bypassCSP: true }, offSite);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
    page.on("pageerror", (error) => errors.push(error.message));
    const sanitiserFetched: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/purify-[\w-]+\.js$/.test(request.url())) sanitiserFetched.push(request.url());
    });
    await page.goto(route(baseline), { waitUntil: "networkidle" });
    await page.waitForSelector("html[data-app='ready']", { state: "attached" });
    const problems: string[] = [];
    for (const [i, batch] of batches.entries()) {
      // A navigation inside the app, as a link click makes: the browser renders the page itself.
      await page.evaluate(
        (to) => {
          history.pushState(null, "", to);
          dispatchEvent(new PopStateEvent("popstate", { state: null }));
        },
        route(pageSlug(i)),
      );
      await page.locator("h1", { hasText: new RegExp(`^${pageName(i)}$`) }).waitFor();
      await page.locator("h2", { hasText: /^Vectors$/ }).waitFor();
      const reading = await readPage(page);
      const expected = prerendered.get(i)?.items ?? [];
      reading.items.forEach((item, j) => {
        if (item !== expected[j]) {
          counts.clientDiffers++;
          problems.push(`${batch[Math.floor(j / 2)].id}: browser ${item} | server ${expected[j]}`);
        }
      });
      if (reading.dangerous.length > 0) problems.push(`${pageName(i)}: ${reading.dangerous.join(", ")}`);
    }
    await page.waitForTimeout(200);
    const hits = await page.evaluate(() => [...(window as unknown as { __hits: string[] }).__hits]);
    const logged = [...errors];
    // The control: a handler that does reach this page runs, and is counted.
    await page.evaluate(() => {
      const probe = document.createElement("img");
      probe.setAttribute("onerror", "__xss('control')");
      probe.src = "/no-such-image.png";
      document.body.append(probe);
    });
    await page.waitForFunction(() => (window as unknown as { __hits: string[] }).__hits.length > 0);
    const control = await page.evaluate(() => (window as unknown as { __hits: string[] }).__hits.slice(-1));
    await context.close();
    counts.executed += hits.length;
    counts.offSite += offSite.length;
    counts.hydration += errors.filter(isHydrationError).length;
    expect(problems).toEqual([]);
    expect(hits).toEqual([]);
    expect(control).toEqual(["__xss(control)"]);
    expect(logged).toEqual([]);
    expect(offSite).toEqual([]);
    // The sanitiser's chunk came with the first page the browser rendered itself, once.
    expect(sanitiserFetched).toHaveLength(1);
  });
});
