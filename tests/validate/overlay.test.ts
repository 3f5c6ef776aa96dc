/**
 * A run in this process over a site folder, with the text of some files given in memory in place
 * of the files on disk: what the editor checks a change with before it writes it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { validateSite } from "../../src/validation";
import { removeSites, repoRoot, siteWith } from "./helpers";

afterAll(removeSites);

/** The base site, and a run over it with `overlay` (text by path from the site's folder). */
function runWith(overlay: Record<string, string>, folder = siteWith()) {
  const report = validateSite({
    siteRoot: path.join(folder, "site-config"),
    schemasDir: path.join(repoRoot, "schemas"),
    publicDir: path.join(folder, "public"),
    shownFrom: folder,
    overlay: new Map(Object.entries(overlay).map(([file, text]) => [path.join(folder, file), text])),
  });
  return report.problems.map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer} ${p.message}`);
}

const navigation = "site-config/navigation.json";
const baseText = (folder: string) => readFileSync(path.join(folder, navigation), "utf8");

describe("a validation run with an overlay", () => {
  it("reads the overlay's text in place of the file on disk, and places problems in that text", () => {
    const folder = siteWith();
    const candidate = `\n\n${baseText(folder).replace('"route": "/contact-us"', '"route": "/contact-uss"')}`;
    expect(runWith({ [navigation]: candidate }, folder)).toEqual([
      "site-config/navigation.json:17:57 /items/2/route Expected a route this site defines, but no page has the route '/contact-uss'; did you mean '/contact-us'?",
    ]);
    expect(baseText(folder)).not.toContain("/contact-uss");
  });

  it("does not see a mistake that is only on disk", () => {
    const folder = siteWith();
    const valid = baseText(folder);
    writeFileSync(path.join(folder, navigation), valid.replace('"route": "/contact-us"', '"route": "/nowhere"'));
    expect(runWith({}, folder)).toHaveLength(1);
    expect(runWith({ [navigation]: valid }, folder)).toEqual([]);
  });

  it("checks the rest of the site against the overlay's text, and folds what the change breaks there under it", () => {
    const folder = siteWith();
    const contact = "site-config/pages/contact-us.json";
    const text = readFileSync(path.join(folder, contact), "utf8").replace(
      '"route": "/contact-us"',
      '"route": "/contact"',
    );
    const report = validateSite({
      siteRoot: path.join(folder, "site-config"),
      schemasDir: path.join(repoRoot, "schemas"),
      publicDir: path.join(folder, "public"),
      shownFrom: folder,
      overlay: new Map([[path.join(folder, contact), text]]),
    });
    const [cause] = report.problems;
    expect(report.problems).toHaveLength(1);
    expect(cause).toMatchObject({ file: contact, pointer: "/route", name: "RenamedTarget" });
    expect(cause.message).toBe(
      "4 references elsewhere use the route '/contact-us', which nothing defines; the closest is this one, '/contact'. If this was renamed by mistake, change it back to '/contact-us'; if not, change those references (listed below) to '/contact'.",
    );
    const followOns = cause.followOns?.map((p) => `${p.file}:${p.line}:${p.column} ${p.pointer}`);
    expect(followOns).toEqual([
      "site-config/footer.json:9:43 /linkLists/0/links/0/route",
      "site-config/navigation.json:15:57 /items/2/route",
      // A link inside a text is a reference too.
      "site-config/pages/home.json:17:22 /blocks/1/paragraphs/0",
      "site-config/pages/home.json:22:51 /blocks/2/button/route",
    ]);
    expect(cause.followOns?.[1].message).toBe(
      "Expected a route this site defines, but no page has the route '/contact-us'; did you mean '/contact'?",
    );
  });
});
