/**
 * The validate CLI compares a raster image's declared width and height with the file, and checks
 * treatment images against the frame they are shown in. The site is the validator's minimal base
 * with raster images written into it here.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliRun, lines, removeSites, siteWith, validate } from "../validate/helpers";

const sizeHint =
  "  hint: The page keeps this much room for the image while it loads, and the build names the image's smaller copies after its width: a wrong size makes the page jump, stretches the image, or asks for copies that do not exist. CSS decides how large it is shown.";

/** Replaces `from` with `to` in one file of the site. */
function edit(site: string, file: string, from: string, to: string) {
  const full = path.join(site, file);
  const text = readFileSync(full, "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${from}`);
  writeFileSync(full, text.replace(from, to));
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 140 } } });

describe("validate CLI on raster images", () => {
  let run: CliRun;

  beforeAll(async () => {
    const site = siteWith();
    const images = path.join(site, "public/images");
    await Promise.all([
      // Declared 640x360 in branches.json, really 1600x900.
      photo(1600, 900).jpeg().toFile(path.join(images, "branches/kothapet.jpg")),
      // Declared 180x48 in site.json, and so it is.
      photo(180, 48).png().toFile(path.join(images, "logo.png")),
      // Treatment images: one narrower than the 800x500 frame, one of another shape.
      photo(600, 375).jpeg().toFile(path.join(images, "treatments/heart-failure.jpg")),
      photo(1200, 900).webp().toFile(path.join(images, "treatments/cardiology-default.webp")),
    ]);
    edit(site, "site-config/branches.json", "kothapet.svg", "kothapet.jpg");
    edit(site, "site-config/site.json", "/images/logo.svg", "/images/logo.png");
    edit(site, "site-config/collections/cardiology-sub-departments.json", "heart-failure.svg", "heart-failure.jpg");
    edit(
      site,
      "site-config/collections/cardiology.presentation.json",
      "cardiology-default.svg",
      "cardiology-default.webp",
    );
    run = await validate(["--root", "site-config"], site);
  });
  afterAll(removeSites);

  it("fails the build on a raster whose width and height are not its own, saying the right ones", () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      lines(
        "site-config/branches.json:14:93 -> /branches/0/image/width",
        '  error: Expected the width and height of \'/images/branches/kothapet.jpg\' to be the picture\'s own size, 1600 × 900 pixels, but they say 640 × 360. Set "width": 1600 and "height": 900.',
        sizeHint,
      ),
    );
  });

  it("fails on a treatment image narrower than its frame", () => {
    expect(run.stdout).toContain(
      lines(
        "site-config/collections/cardiology-sub-departments.json:13:16 -> /sub_departments/0/image",
        "  error: Expected a treatment image at least 800 pixels wide, but '/images/treatments/heart-failure.jpg' is 600 × 375. Use a larger picture, such as 800 × 500 or 1600 × 1000.",
      ),
    );
  });

  it("warns of a treatment image that is not the frame's shape", () => {
    expect(run.stdout).toContain(
      lines(
        "  warning: site-config/collections/cardiology.presentation.json:8:19 -> /defaultImage: Expected a treatment image of the frame's shape, 800 × 500, but '/images/treatments/cardiology-default.webp' is 1200 × 900, so it will look stretched. Crop it to 1200 × 750.",
      ),
    );
  });

  it("says nothing of a raster declared at its own size, nor of SVGs", () => {
    expect(run.stdout).not.toContain("site.json");
    // The SVGs the edits above replaced are used by no file now: a warning of their own.
    expect(run.stdout).toContain(
      "  warning: 4 pictures are used by no page, in public/images/branches/kothapet.svg, public/images/logo.svg, public/images/treatments/cardiology-default.svg and 1 more file.\n",
    );
    expect(run.stdout).toMatch(/\n2 errors and 5 warnings in 3 of 14 files and 4 pictures\.\n$/);
  });
});
