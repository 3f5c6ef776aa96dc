/**
 * What people really get wrong, caught by the real CLI: a treatment copied with only its slug and
 * name changed, a slug changed alone (its follow-on errors folded under it), blank text, a
 * misspelt image, numbers and addresses nobody can dial or mail; and a demonstration's
 * placeholders, noted once while it is one and refused when it is published.
 */
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, repoRoot, siteWith, validate } from "./helpers";

const collection = "site-config/collections/cardiology-sub-departments.json";

describe("validate CLI on copy-paste mistakes", () => {
  let run: CliRun;
  let verbose: CliRun;
  let mixed: CliRun;

  beforeAll(async () => {
    const withWarnings = siteWith("copy-paste-mistakes");
    cpSync(
      path.join(repoRoot, "tests/fixtures/validate/seo-warnings/site-config/pages/home.json"),
      path.join(withWarnings, "site-config/pages/home.json"),
    );
    [run, verbose, mixed] = await Promise.all([
      validate(["--root", "site-config"], siteWith("copy-paste-mistakes")),
      validate(["--root", "site-config", "--verbose"], siteWith("copy-paste-mistakes")),
      validate(["--root", "site-config"], withWarnings),
    ]);
  });
  afterAll(removeSites);

  it("names both places when a copied treatment keeps the original's path, canonical, title and description", () => {
    expect(run.stdout).toContain(
      lines(
        `${collection}:56:14 -> /sub_departments/2/url`,
        `  error: Expected the page path to be '/specialities/cardiology/heart-failure-clinic', this treatment's own address (its collection's route with its slug), but found '/specialities/cardiology/heart-failure', the path of 'Heart Failure' (${collection}:7). Set it to '/specialities/cardiology/heart-failure-clinic'.`,
      ),
    );
    expect(run.stdout).toContain(
      `  error: Expected the canonical address to be 'https://www.hospitals.example/specialities/cardiology/heart-failure-clinic', this page's own address, but found 'https://www.hospitals.example/specialities/cardiology/heart-failure', the address of 'Heart Failure' (${collection}:7): search engines would show that page in place of this one.`,
    );
    expect(run.stdout).toContain(
      `  error: Expected every page to have its own browser title, but 'Heart Failure Treatment in Hyderabad' is also the browser title of 'Heart Failure' (${collection}:10)`,
    );
    expect(run.stdout).toContain(
      `  error: Expected every page to have its own meta description, but 'Diagnosis and long-term care for heart failure.' is also the meta description of 'Heart Failure' (${collection}:11)`,
    );
  });

  it("folds the references a changed slug breaks under the change, in the file that changed", () => {
    expect(run.stdout).toContain(
      lines(
        `${collection}:42:15 -> /sub_departments/1/slug`,
        "  error: This treatment's slug is 'angiogram', but its page path and canonical address still end in 'angiography', and 2 references elsewhere still use 'angiography' (listed below). If the slug was changed by mistake, change it back to 'angiography'; if not, update the page path, the canonical address and those references.",
        "  follow-on: 2 references to this slug in site-config/collections/cardiology.presentation.json (lines 43 and 55)",
      ),
    );
    expect(run.stdout).not.toContain("site-config/collections/cardiology.presentation.json:43");
    expect(run.stdout).toMatch(/\n9 errors \(and 2 follow-on errors under them\) in 2 of 14 files\.\n$/);
    expect(verbose.stdout).toContain(
      lines(
        "    site-config/collections/cardiology.presentation.json:43:15 -> /slugAliases/1/slug",
        "      error: Expected the slug of a treatment in cardiology-sub-departments.json, but found 'angiography'; did you mean 'angiogram'?",
      ),
    );
  });

  it("refuses text that is only spaces, and suggests the image a misspelt path meant", () => {
    expect(run.stdout).toContain(
      "  error: Expected 'answer' to have some text, but found only spaces or line breaks, which show as a gap on the page.",
    );
    expect(run.stdout).toContain("but there is no such file; did you mean '/images/treatments/heart-failure.svg'?");
  });

  it("refuses a shown number that is not the dialled one, and an address that cannot receive mail", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/site.json:17:21 -> /contact/phoneDisplay",
        "  error: Expected the number as shown, '+91 40 1234 5678', to be the number a tap dials, '+914012345679', but their digits differ: people who type what they read would call another number. Make the two the same number.",
      ),
    );
    expect(run.stdout).toContain(
      "  error: Expected an e-mail address that can receive mail, but 'care@test-hospitals.example' is at 'test-hospitals.example', a domain kept for examples that receives no mail.",
    );
  });

  it("prints errors first, then the warnings, each by file", () => {
    const errorAt = mixed.stdout.lastIndexOf("  error:");
    const warningsAt = mixed.stdout.indexOf("Warnings, one line per kind");
    expect(errorAt).toBeGreaterThan(0);
    expect(warningsAt).toBeGreaterThan(errorAt);
    const files = [...mixed.stdout.matchAll(/^(site-config\/\S+?):\d+:\d+/gm)].map((m) => m[1]);
    expect(files).toEqual([...files].sort());
  });
});

describe("validate CLI on a site with placeholders", () => {
  let demo: CliRun;
  let publish: CliRun;
  let build: { demonstration: CliRun; production: CliRun };

  beforeAll(async () => {
    const production = siteWith("placeholders");
    const siteFile = path.join(production, "site-config/site.json");
    writeFileSync(siteFile, readFileSync(siteFile, "utf8").replace('"production": false', '"production": true'));
    const buildArgs = ["--root", "site-config", "--publish-if-production"];
    const [a, b, c, d] = await Promise.all([
      validate(["--root", "site-config"], siteWith("placeholders")),
      validate(["--root", "site-config", "--publish"], siteWith("placeholders")),
      validate(buildArgs, siteWith("placeholders")),
      validate(buildArgs, production),
    ]);
    [demo, publish] = [a, b];
    build = { demonstration: c, production: d };
  });
  afterAll(removeSites);

  it("says once that a demonstration shows placeholder details, and passes", () => {
    expect(demo.code).toBe(0);
    expect(demo.stdout).toBe(
      lines(
        `This site shows placeholder details (8 placeholder values and 1 sample entry), as a demonstration does. Before publishing, run 'npm run validate -- --publish': it lists each and what to put there. The build refuses them once "production" is true in site-config/site.json.`,
        "",
        "All 15 files are valid, with 9 warnings in 4 files.\n",
      ),
    );
  });

  it("with --publish, refuses each placeholder and sample entry, with file, line and what to put there", () => {
    expect(publish.code).toBe(1);
    expect(publish.stdout).toContain(
      lines(
        "site-config/site.json:17:21 -> /contact/phoneDisplay",
        "  error: '+91 40 0000 0000' is a placeholder: before publishing, put here the real number, as people read it.",
      ),
    );
    expect(publish.stdout).toContain(
      lines(
        "site-config/site.json:34:20 -> /canonicalBase",
        "  error: 'https://www.hospitals.example' is a placeholder (it holds 'hospitals.example'): before publishing, put here the site's real domain.",
      ),
    );
    expect(publish.stdout).toContain(
      lines(
        "site-config/branches.json:27:17 -> /branches/0/sample",
        `  error: 'Kothapet' is a sample branch, written to show the layout: before publishing, replace its details with real ones and set "sample" to false, or remove it.`,
      ),
    );
    // The declarations hold every placeholder's text; they are not searched.
    expect(publish.stdout).not.toMatch(/^site-config\/placeholders\.json:\d/m);
    expect(publish.stdout).toMatch(/\n9 errors in 4 of 15 files\.\n$/);
  });

  it("as the build runs it, passes a demonstration and refuses a site whose production flag is on", () => {
    expect(build.demonstration.code).toBe(0);
    expect(build.production.code).toBe(1);
    expect(build.production.stdout).toContain("Not ready to publish.");
  });
});
