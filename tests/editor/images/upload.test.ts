/**
 * Uploading a picture through the editor's API (`npm run edit`'s server, on a copy of the site,
 * over real HTTP): its type is read from its bytes, limits are said in words, and the stored
 * file keeps no EXIF (GPS), XMP or IPTC metadata.
 */
import { cp, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pictureName } from "../../../src/editor/server/images/picture";
import { type RunningEditor, startEditorServer } from "../../../src/editor/server/server";
import type { ImageUploadResponse } from "../../../src/editor/shared/api";
import { phonePhoto } from "../../helpers/photos";
import { copySite, projectRoot, type TempSite } from "../temp-site";

let site: TempSite;
let editor: RunningEditor;
let publicDir: string;

beforeAll(async () => {
  site = await copySite();
  publicDir = path.join(path.dirname(site.siteRoot), "public");
  await mkdir(publicDir);
  await cp(path.join(projectRoot, "public", "images"), path.join(publicDir, "images"), { recursive: true });
  editor = await startEditorServer({
    siteRoot: site.siteRoot,
    publicDir,
    port: 0,
    app: false,
    projectRoot,
    pictures: { maxBytes: 2 * 1024 * 1024, maxSide: 5000 },
  });
});

afterAll(async () => {
  await editor?.close();
  await site?.remove();
});

async function upload(bytes: Buffer, name: string) {
  const response = await fetch(`${editor.url}/editor/api/images?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(bytes),
  });
  return { status: response.status, body: (await response.json()) as ImageUploadResponse & { message: string } };
}

describe("editor API: uploading a picture", () => {
  it("stores a phone photo without its GPS position or any other metadata", async () => {
    const photo = await phonePhoto();
    const before = await sharp(photo).metadata();
    expect(before.exif?.includes("PhoneMaker")).toBe(true);
    expect(before.xmp).toBeDefined();

    const { status, body } = await upload(photo, "IMG_2041 Knee X-ray.JPG");
    expect(status).toBe(201);
    expect(body).toMatchObject({ src: "/images/uploads/img-2041-knee-x-ray.jpg", width: 1600, height: 1000 });
    const stored = await readFile(path.join(publicDir, "images", "uploads", "img-2041-knee-x-ray.jpg"));
    const after = await sharp(stored).metadata();
    expect(after.format).toBe("jpeg");
    expect([after.exif, after.xmp, after.iptc]).toEqual([undefined, undefined, undefined]);
    expect(stored.includes("Exif")).toBe(false);
    expect(stored.includes("PhoneMaker")).toBe(false);
  });

  it("keeps both pictures when two have one name", async () => {
    const { body } = await upload(await phonePhoto(900, 600), "IMG_2041 Knee X-ray.jpg");
    expect(body.src).toBe("/images/uploads/img-2041-knee-x-ray-2.jpg");
  });

  it("names a PNG called .jpg after what it is", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: "#0a7" } })
      .png()
      .toBuffer();
    const { status, body } = await upload(png, "../../etc/logo.jpg");
    expect(status).toBe(201);
    expect(body.src).toBe("/images/uploads/logo.png");
    expect((await sharp(path.join(publicDir, "images", "uploads", "logo.png")).metadata()).format).toBe("png");
  });

  it("refuses a text file called .jpg, in words", async () => {
    const { status, body } = await upload(Buffer.from("This is not a picture at all.\n"), "notes.jpg");
    expect(status).toBe(415);
    expect(body.message).toBe(
      "This file is not a JPEG, PNG, WebP or AVIF picture, whatever its name says. Save it as a JPEG or PNG and upload that.",
    );
  });

  it("refuses a picture of another type, naming it", async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    const { status, body } = await upload(gif, "animation.jpg");
    expect(status).toBe(415);
    expect(body.message).toBe(
      "This file is not a JPEG, PNG, WebP or AVIF picture (its content is GIF), whatever its name says. Save it as a JPEG or PNG and upload that.",
    );
  });

  it("refuses a file over the size limit, saying the limit", async () => {
    const { status, body } = await upload(Buffer.alloc(3 * 1024 * 1024, 1), "huge.jpg");
    expect(status).toBe(413);
    expect(body.message).toBe(
      "The file is 3 MB, more than the 2 MB a picture may be. Save it smaller (a photo 2400 pixels wide is plenty for the site) and upload it again.",
    );
  });

  it("refuses a picture over the dimension limit, saying the limit", async () => {
    const wide = await sharp({ create: { width: 5200, height: 100, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const { status, body } = await upload(wide, "banner.jpg");
    expect(status).toBe(413);
    expect(body.message).toBe(
      "The picture is 5200 × 100 pixels; a side may be at most 5000 pixels. Make it smaller (2400 pixels wide is plenty for the site) and upload it again.",
    );
    expect(await readdir(path.join(publicDir, "images", "uploads"))).not.toContain("banner.jpg");
  });
});

describe("a stored picture's name", () => {
  it("is a slug of the file's own name, with no folders", () => {
    expect(pictureName("C:\\Users\\me\\Photos\\Dr. Rao_at work.jpeg", "jpg")).toBe("dr-rao-at-work.jpg");
    expect(pictureName("....jpg", "png")).toBe("picture.png");
  });
});
