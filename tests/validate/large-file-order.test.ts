/**
 * A large collection file's problems are put in order by where they stand without working out
 * their lines where their pointers part at items of one list (positions.ts): the order is the
 * order of their lines and columns, whatever mix of kinds and places they have.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateSite } from "../../src/validation";
import { removeSites, repoRoot, siteWith } from "./helpers";

afterAll(removeSites);

const file = "site-config/collections/cardiology-sub-departments.json";

describe("problems of a large file", () => {
  it("come in the order of their lines and columns", () => {
    const folder = siteWith();
    const collection = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
    const [model] = collection.sub_departments;
    // More than a million characters, in treatments of about 2 KB: the file counts as large.
    const filler = "A long paragraph about the treatment. ".repeat(40);
    collection.sub_departments = Array.from({ length: 700 }, (_, i) => {
      const slug = `treatment-${i}`;
      const item: Record<string, unknown> = {
        ...model,
        slug,
        url: `/specialities/cardiology/${slug}`,
        summary: filler,
      };
      // Problems of several kinds, some before and some after the item's placeholder: a name that
      // is a number, a property the schema does not know (placed at its name), a duplicate slug.
      if (i % 50 === 7) item.name = 42;
      if (i % 70 === 3) item.colour = "red";
      if (i % 90 === 11) item.slug = "treatment-0";
      return item;
    });
    writeFileSync(path.join(folder, file), JSON.stringify(collection, null, 2));
    const report = validateSite({
      siteRoot: path.join(folder, "site-config"),
      schemasDir: path.join(repoRoot, "schemas"),
      publicDir: path.join(folder, "public"),
      shownFrom: folder,
    });
    const inFile = report.problems.filter((p) => p.file === file);
    expect(inFile.length).toBeGreaterThan(700);
    for (const severity of ["error", "warning"]) {
      const places = inFile.filter((p) => p.severity === severity).map((p) => [p.line, p.column]);
      const sorted = [...places].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      expect(places).toEqual(sorted);
    }
  });
});
