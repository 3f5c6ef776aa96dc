import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FileChecker } from "../../src/validation/check-file";
import { jobsFor, listJsonFiles } from "../../src/validation/list-files";
import { removeSites, repoRoot, siteWith } from "./helpers";

describe("the first pass", () => {
  afterAll(removeSites);

  it("gives results that survive the trip to and from a helper thread", () => {
    const siteRoot = path.join(siteWith("reference-mistakes"), "site-config");
    const checker = new FileChecker({ siteRoot, schemasDir: path.join(repoRoot, "schemas") });
    const files = listJsonFiles(siteRoot);
    const results = jobsFor(files, files).map((job) => checker.check(job));
    expect(results.some((r) => r.problems.length > 0 && r.refs.length > 0 && r.fact)).toBe(true);
    expect(structuredClone(results)).toEqual(results);
  });
});
