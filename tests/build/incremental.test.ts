import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildReport } from "../../src/build/build";
import { cacheDir, stateFile } from "../../src/build/build-state";
import { splitCollection } from "../../src/build/collection-storage";
import { type SiteCopy, siteCopy } from "../bench/site-copy";
import { buildCopy, snapshot } from "../helpers/build-copy";

describe("npm run build on a copy of the site with 20 cardiology treatments", { timeout: 240_000 }, () => {
  let copy: SiteCopy;
  let lines: string[] = [];
  const build = async (force = false): Promise<BuildReport> => {
    lines = [];
    return buildCopy(copy.root, force, (line) => lines.push(line));
  };
  const collectionFile = () => path.join(copy.root, "site-config/collections", copy.dataFile);
  const folder = () => collectionFile().replace(/\.json$/, "");
  let asOneFile: Record<string, string>;

  const siteJson = () => path.join(copy.root, "site-config/site.json");
  const whole = () => path.join(copy.root, "dist/assets/data", copy.dataFile);

  beforeAll(async () => {
    copy = siteCopy(20, "file");
    // The collection published whole too, as site.json may ask: an incremental build keeps it as --force makes it.
    const site = JSON.parse(readFileSync(siteJson(), "utf8"));
    writeFileSync(siteJson(), JSON.stringify({ ...site, wholeCollectionFiles: true }, null, 2));
    await build(true);
    asOneFile = snapshot(copy.root);
  }, 120_000);
  // A copy of a built site is thousands of files: on a busy disk removing them outlasts the default 10 s.
  afterAll(() => copy?.remove(), 60_000);

  it("builds the same site, byte for byte, from the collection split into one file per treatment", async () => {
    splitCollection(collectionFile());
    const report = await build(true);
    expect(report.pages).toBeGreaterThan(20);
    expect(snapshot(copy.root)).toEqual(asOneFile);
  });

  it("after one treatment changes, makes only what shows it again, and the result is what --force makes", async () => {
    const slug = "best-hospital-for-angioplasty-in-hyderabad-8";
    const file = path.join(folder(), `${slug}.json`);
    const item = JSON.parse(readFileSync(file, "utf8"));
    writeFileSync(file, JSON.stringify({ ...item, name: "Coronary Angioplasty (renamed)" }, null, 2));

    const report = await build();
    expect(report.full).toBe(false);
    // Its page and the speciality page that lists it, each in the site's three languages (issue 15),
    // its data file, the list's data and the index that name it, the whole data file.
    expect(report.jobsRun).toBeLessThanOrEqual(10);
    expect(report.jobsReused).toBeGreaterThan(20);
    const said = lines.join("\n");
    expect(said).toContain(`${slug}.json`);
    expect(said).toContain(
      `made again: ${item.url}, /te${item.url}, /hi${item.url}, data file and built-in copy of ${slug} (treatment '${slug}' changed)`,
    );
    const incremental = snapshot(copy.root);
    expect(readFileSync(whole(), "utf8")).toContain("Coronary Angioplasty (renamed)");
    const page = `${item.url.replace(/^\//, "")}/index.html`;
    expect(incremental[page]).not.toBe(asOneFile[page]);
    expect(readFileSync(path.join(copy.root, "dist", page), "utf8")).toContain("Coronary Angioplasty (renamed)");

    await build(true);
    expect(snapshot(copy.root)).toEqual(incremental);
  });

  it("with nothing changed, makes nothing", async () => {
    const report = await build();
    expect(report.full).toBe(false);
    expect(report.jobsRun).toBe(0);
    expect(report.written).toBe(0);
  });

  it("checks the config in a worker thread beside listing the pages: the same pages, and a broken treatment refused", async () => {
    const workerScript = new URL("../helpers/config-check-worker.mjs", import.meta.url);
    const inWorker = async () => {
      lines = [];
      return buildCopy(copy.root, false, (line) => lines.push(line), { workerScript });
    };
    const slug = "best-hospital-for-angioplasty-in-hyderabad-8";
    const file = path.join(folder(), `${slug}.json`);
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace(/"name": "([^"]*)"/, '"name": "$1 (checked aside)"'));
    const report = await inWorker();
    expect(report.full).toBe(false);
    expect(report.jobsRun).toBeLessThanOrEqual(10);
    // The lines in their order: the check's, then the fonts', then the listing's.
    const steps = lines
      .filter((l) => /^ {2}(validate|type check|fonts|list pages)/.test(l))
      .map((l) => l.trim().split(" ")[0]);
    expect(steps).toEqual(["validate", "type", "fonts", "list"]);
    expect(lines.find((l) => l.includes("validate ("))).toContain("validate (1 of ");
    const page = `${JSON.parse(text).url.replace(/^\//, "")}/index.html`;
    expect(readFileSync(path.join(copy.root, "dist", page), "utf8")).toContain("(checked aside)");
    const incremental = snapshot(copy.root);

    // Not JSON: the listing, which reads the catalog beside the check, fails too; the check's error is what is shown.
    writeFileSync(file, "{ not json");
    try {
      await expect(inWorker()).rejects.toThrow("The config has errors (above); nothing was built.");
      expect(lines.join("\n")).toContain(`${slug}.json`);
      expect(snapshot(copy.root)).toEqual(incremental);
    } finally {
      writeFileSync(file, text.replace(/"name": "([^"]*)"/, '"name": "$1 (checked aside)"'));
    }
  });

  it("refuses a config with an error, leaving dist/ as it was, though the client build ran beside the validation", async () => {
    const navigation = path.join(copy.root, "site-config/navigation.json");
    const treatment = path.join(folder(), "best-hospital-for-angioplasty-in-hyderabad-8.json");
    const [navigationBefore, treatmentBefore] = [readFileSync(navigation, "utf8"), readFileSync(treatment, "utf8")];
    const before = snapshot(copy.root);
    // Navigation is bundled: its change makes a full build, whose vite builds start at once.
    writeFileSync(navigation, navigationBefore.replace('"About us"', '"About the group"'));
    writeFileSync(treatment, treatmentBefore.replace(/"name": "[^"]*"/, '"name": 42'));
    try {
      await expect(build()).rejects.toThrow("The config has errors (above); nothing was built.");
      expect(lines.join("\n")).toContain("best-hospital-for-angioplasty-in-hyderabad-8.json");
      expect(snapshot(copy.root)).toEqual(before);
      // Nor the cache: no staging folder is left, and the next build starts from the last good one.
      expect(readdirSync(cacheDir(copy.root))).not.toContain("client");
      expect(readdirSync(cacheDir(copy.root))).not.toContain("ssr-next");
      expect(existsSync(stateFile(cacheDir(copy.root)))).toBe(true);
    } finally {
      writeFileSync(navigation, navigationBefore);
      writeFileSync(treatment, treatmentBefore);
    }
  });

  it("splits the sitemap into parts behind an index once it outgrows one file, and removes the parts when it no longer does", async () => {
    const dist = path.join(copy.root, "dist");
    await buildCopy(copy.root, false, () => {}, { sitemapLimits: { urls: 40, bytes: 50 * 1024 * 1024 } });
    const parts = readdirSync(dist).filter((f) => /^sitemap-\d+\.xml$/.test(f));
    expect(parts.length).toBeGreaterThan(1);
    expect(readFileSync(path.join(dist, "sitemap.xml"), "utf8")).toContain("<sitemapindex ");
    expect(existsSync(path.join(dist, `${parts[0]}.br`))).toBe(true);

    await build();
    expect(readdirSync(dist).filter((f) => f.startsWith("sitemap-"))).toEqual([]);
    expect(readFileSync(path.join(dist, "sitemap.xml"), "utf8")).toContain("<urlset ");
    const incremental = snapshot(copy.root);
    await build(true);
    expect(snapshot(copy.root)).toEqual(incremental);
  });

  it("after a navigation change, makes every page again and says why", async () => {
    const navigation = path.join(copy.root, "site-config/navigation.json");
    writeFileSync(navigation, readFileSync(navigation, "utf8").replace('"About us"', '"About the hospital"'));
    const report = await build();
    expect(report.full).toBe(true);
    expect(report.reason).toContain("navigation.json");
    expect(lines.join("\n")).toMatch(/navigation\.json changed: .*every page is made again/);
    const home = readFileSync(path.join(copy.root, "dist/home/index.html"), "utf8");
    expect(home).toContain("About the hospital");
    // The code changed with the bundled navigation: the pages name this build's scripts and styles.
    const assets = [...home.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) expect(existsSync(path.join(copy.root, "dist", asset)), asset).toBe(true);
  });

  it("publishes no whole collection file once site.json no longer asks for one", async () => {
    expect(existsSync(whole())).toBe(true);
    const { wholeCollectionFiles: _asked, ...site } = JSON.parse(readFileSync(siteJson(), "utf8"));
    writeFileSync(siteJson(), JSON.stringify(site, null, 2));
    const report = await build();
    expect(report.full).toBe(true);
    expect(existsSync(whole())).toBe(false);
    expect(existsSync(path.join(copy.root, "dist/assets/data/cardiology-sub-departments/_index.json"))).toBe(true);
  });
});
