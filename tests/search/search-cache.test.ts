/**
 * The search step's cache kept in parts (src/build/search/search-cache.ts): after one treatment's
 * name changed, the build reads and writes the few shards of the index its words are in, and the
 * index it writes is byte for byte the one a full build writes; a shard that is not the one the
 * cache names makes the index whole again, and kept texts that are not the cache's are read again
 * from the treatments' files. On a copy of the shipped site's config.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCatalog } from "../../src/build/catalog";
import { InputScanner } from "../../src/build/inputs";
import { buildSearch } from "../../src/build/search/build-search";

const repo = path.resolve(import.meta.dirname, "../..");
const languages = ["en", "te", "hi"];
const treatmentsFile = "site-config/collections/cardiology-sub-departments.json";

/** Every file under `dir` with its bytes, by path relative to it. */
function filesOf(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = path.join(dir, name);
    if (statSync(file).isFile()) out.set(name, readFileSync(file, "latin1"));
  }
  return out;
}

describe("the search index's cache kept in parts", () => {
  let root: string;
  const run = (dist: string, cache: string, full: boolean) =>
    buildSearch({
      root,
      distDir: path.join(root, dist),
      cache: path.join(root, cache),
      catalog: readCatalog(new InputScanner(root, {}), path.join(root, "site-config/collections"), undefined),
      languages,
      full,
    });
  /** Renames the first cardiology treatment (`mark` added to its name). */
  const rename = (mark: string) => {
    const file = path.join(root, treatmentsFile);
    const data = JSON.parse(readFileSync(file, "utf8"));
    data.sub_departments[0].name += mark;
    writeFileSync(file, JSON.stringify(data, null, 2));
  };
  const shardFiles = () => readdirSync(path.join(root, "cache/search")).filter((f) => /^[a-z]+-\d+\.v8$/.test(f));
  const modified = (since: number) =>
    shardFiles().filter((f) => statSync(path.join(root, "cache/search", f)).mtimeMs > since);
  /** The index a full build writes now, in a folder of its own. */
  const whole = () => {
    run("whole", "whole-cache", true);
    return filesOf(path.join(root, "whole"));
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "search-cache-"));
    cpSync(path.join(repo, "site-config"), path.join(root, "site-config"), { recursive: true });
    run("dist", "cache", true);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("after one name changed, writes a few of the shards and the index a full build writes", () => {
    const shards = shardFiles().length;
    const since = Date.now();
    rename(" zygomatic");
    const { written } = run("dist", "cache", false);
    expect(written.length).toBeGreaterThan(0);
    expect(modified(since).length).toBeGreaterThan(0);
    expect(modified(since).length).toBeLessThan(shards / 2);
    expect(filesOf(path.join(root, "dist"))).toEqual(whole());
  });

  it("reads the treatments' texts from their files when the kept ones are not the cache's", () => {
    const textFiles = readdirSync(path.join(root, "cache/search")).filter((f) => /^texts-\d+\.v8$/.test(f));
    expect(textFiles.length).toBeGreaterThan(0);
    for (const file of textFiles) writeFileSync(path.join(root, "cache/search", file), "not texts");
    rename(" patella");
    run("dist", "cache", false);
    expect(filesOf(path.join(root, "dist"))).toEqual(whole());
  });

  it("makes the index whole again when a shard's file is not the one the cache names", () => {
    for (const file of shardFiles()) writeFileSync(path.join(root, "cache/search", file), "not a shard");
    rename(" quadriceps");
    run("dist", "cache", false);
    expect(filesOf(path.join(root, "dist"))).toEqual(whole());
  });
});
