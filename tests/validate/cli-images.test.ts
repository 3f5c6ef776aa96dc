/**
 * The validator on the site's pictures: a photo without alternative text is refused, a picture
 * no file uses is a warning at the picture's own file, and a run over some files says nothing
 * of unused pictures (it does not see every use).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentTexts } from "../../src/shared/i18n/texts";
import { type CliRun, lines, removeSites, siteWith, validate } from "./helpers";

describe("validate CLI on pictures", () => {
  let whole: CliRun;
  let some: CliRun;

  beforeAll(async () => {
    const site = siteWith();
    const picture = (src: string, width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#468" } })
        .jpeg()
        .toFile(path.join(site, "public", src));
    // The branch's drawing replaced by a photo with an empty "alt": the drawing is now unused.
    await picture("images/branches/kothapet.jpg", 640, 360);
    await picture("images/treatments/stray.jpg", 32, 20);
    const branches = path.join(site, "site-config", "branches.json");
    writeFileSync(
      branches,
      readFileSync(branches, "utf8").replace(
        '"src": "/images/branches/kothapet.svg", "alt": "Kothapet branch"',
        '"src": "/images/branches/kothapet.jpg", "alt": " "',
      ),
    );
    [whole, some] = await Promise.all([
      validate(["--root", "site-config", "--verbose"], site),
      validate(["--root", "site-config", "--verbose", "site-config/navigation.json"], site),
    ]);
  });
  afterAll(removeSites);

  it("refuses a photo without alternative text, at its alt", () => {
    expect(whole.code).toBe(1);
    expect(whole.stdout).toContain(
      lines(
        "site-config/branches.json:14:65 -> /branches/0/image/alt",
        "  error: Expected alternative text for the picture '/images/branches/kothapet.jpg', but \"alt\" is empty. Write in a short sentence what the picture shows, such as 'Dr Rao explaining a knee X-ray to a patient'.",
        "  hint: Screen readers read the alternative text to people who cannot see the picture, and search engines index it; translators translate it. Only a drawing (SVG) that is purely decorative may be left without.",
      ),
    );
  });

  it("warns about each picture no file uses, at the picture", () => {
    const warning = (src: string) =>
      lines(
        `public${src}:1:1`,
        `  warning: The picture '${src}' is not used by any page, menu or setting of the site, but it is published with it. Choose it in a picture field, or delete the file.`,
        "  hint: Every file under public/images/ is published, and the build makes smaller copies of every photo: a picture no page shows costs the build time and the site space.",
      );
    expect(whole.stdout).toContain(warning("/images/branches/kothapet.svg"));
    expect(whole.stdout).toContain(warning("/images/treatments/stray.jpg"));
    expect(whole.stdout.match(/is not used by any page/g)).toHaveLength(2);
    expect(whole.stdout).toMatch(/\n1 error and 2 warnings in 1 of 14 files and 2 pictures\.\n$/);
  });

  it("says nothing of unused pictures when it checks only some files", () => {
    expect(some.stdout).not.toContain("is not used by any page");
  });
});

describe("a picture's alternative text", () => {
  it("is a text translators are offered, and its address is not", () => {
    const hero = {
      blocks: [{ type: "hero", image: { src: "/images/uploads/knee.jpg", alt: "A knee X-ray", width: 8, height: 8 } }],
    };
    const texts = documentTexts(hero).map((t) => `${t.key}: ${t.value}`);
    expect(texts.filter((t) => t.includes("image"))).toEqual(["blocks.0.image.alt: A knee X-ray"]);
  });
});
