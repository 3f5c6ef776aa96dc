/**
 * Runs that keep results between them (as `npm run build` does): a translation's checks against its
 * English file are kept only while neither has changed.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Checked, type UnplacedProblem, type ValidationCache, validateSite } from "../../src/validation";
import { repoRoot } from "./helpers";

const folder = mkdtempSync(path.join(tmpdir(), "validate-cache-"));
cpSync(path.join(repoRoot, "site-config"), path.join(folder, "site-config"), { recursive: true });
symlinkSync(path.join(repoRoot, "schemas"), path.join(folder, "schemas"), "dir");
symlinkSync(path.join(repoRoot, "public"), path.join(folder, "public"), "dir");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A cache in memory, by each file's size and time, as the build's is (by its stamps). */
function memoryCache() {
  const stamp = (file: string) => {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  };
  const files = new Map<string, { stamp: string; checked: Checked }>();
  let translations = new Map<string, UnplacedProblem[]>();
  let next = new Map<string, UnplacedProblem[]>();
  const reused = { count: 0 };
  const cache: ValidationCache = {
    get: (file) => (files.get(file)?.stamp === stamp(file) ? files.get(file)?.checked : undefined),
    set: (file, checked) => {
      files.set(file, { stamp: stamp(file), checked });
    },
    getTranslation: (file) => {
      const kept = translations.get(file);
      if (kept) reused.count++;
      return kept;
    },
    setTranslation: (file, problems) => {
      next.set(file, problems);
    },
  };
  const run = () => {
    reused.count = 0;
    const report = validateSite({
      siteRoot: path.join(folder, "site-config"),
      schemasDir: path.join(folder, "schemas"),
      publicDir: path.join(folder, "public"),
      shownFrom: folder,
      cache,
    });
    // What this run handed back is what the next run may take.
    translations = next;
    next = new Map();
    return report;
  };
  return { run, reused };
}

const shown = (report: ReturnType<typeof validateSite>) =>
  report.problems.map((p) => `${p.file}:${p.line} ${p.pointer} ${p.message}`);

describe("a run that keeps results between runs", () => {
  const { run, reused } = memoryCache();

  it("takes each translation's checks from the last run when nothing changed, and reports the same", () => {
    const first = run();
    expect(reused.count).toBe(0);
    const second = run();
    expect(reused.count).toBeGreaterThan(10);
    expect(shown(second)).toEqual(shown(first));
  });

  it("checks a translation again once its English file changed: a text removed there makes its key stale", () => {
    const english = path.join(folder, "site-config/navigation.json");
    const doc = JSON.parse(readFileSync(english, "utf8"));
    doc.items.pop();
    writeFileSync(english, JSON.stringify(doc, null, 2));
    const report = run();
    const telugu = report.problems.filter((p) => p.file.endsWith(path.join("i18n", "te", "navigation.json")));
    expect(telugu.some((p) => p.severity === "error" && p.pointer.startsWith("/strings/items"))).toBe(true);
  });
});
