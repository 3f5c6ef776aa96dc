/**
 * A phone photo through the hosted editor to the live site, in Debian's Chromium: an editor (with
 * a local account) uploads a JPEG carrying a GPS position into a branch's picture, writes what it
 * shows, saves, and the change set is reviewed and published by the project's own build. The live
 * site has the picture without any EXIF, in the AVIF and WebP sizes the image pipeline makes, and
 * the branch's page offers them.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostedEditor, password, startTestEditor } from "../editor/hosted/hosted-editor";
import { phonePhoto } from "../helpers/photos";
import { launchBrowser, signInToEditor } from "./harness";

let browser: Browser;
let editor: HostedEditor;
const email = "meera@hospital.example";
const title = "Kothapet: a photo of the branch";
const alt = "The Kothapet branch's entrance";
let photoDir: string;

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await startTestEditor();
  await editor.person(email, ["editor", "reviewer", "publisher"]);
  photoDir = await mkdtemp(path.join(tmpdir(), "photo-"));
  await writeFile(path.join(photoDir, "IMG_2041 Kothapet front.jpg"), await phonePhoto(1600, 900));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
}, 300_000);

const signIn = () => signInToEditor(browser, { origin: editor.origin, email, password, label: "editor page" });

describe("uploading a picture in the hosted editor", { timeout: 600_000 }, () => {
  it("publishes a phone photo without its GPS position, in the site's sizes", async () => {
    const page = await signIn();
    await page.getByRole("button", { name: "+ New change set" }).click();
    await page.getByLabel("Name of the change set").fill(title);
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.locator(".changeset-bar select option", { hasText: title }).waitFor({ state: "attached" });

    await page.goto(`${editor.origin}/editor/#file=site-config/branches.json`);
    const upload = page.locator(".picture-field .picture-upload").first();
    await upload.locator("input[type=file]").setInputFiles(path.join(photoDir, "IMG_2041 Kothapet front.jpg"));
    const button = upload.getByRole("button", { name: "Upload" });
    // The words come first: without them there is nothing to upload.
    expect(await button.isDisabled()).toBe(true);
    await upload.getByLabel(/What the picture shows/).fill(alt);
    await button.click();
    const src = "/images/uploads/img-2041-kothapet-front.jpg";
    await upload
      .getByText(`Uploaded as ${src}.`)
      .waitFor()
      .catch(async (error: Error) => {
        throw new Error(`The upload box says: ${await upload.textContent()}\n${error.message}`);
      });
    const field = page.locator(".picture-field").first();
    expect(await field.locator("input[id$='image_alt']").inputValue()).toBe(alt);
    expect(await field.locator("input[id$='image_width']").inputValue()).toBe("1600");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.locator(".save-status").textContent()).toMatch(/^Saved/);

    // Review and publish: the change set names the new picture as a file of its own.
    await page.goto(`${editor.origin}/editor/#changes`);
    await page.locator("#changeset-title", { hasText: title }).waitFor();
    await expect.poll(() => page.locator(".changes").textContent()).toContain(`public${src}`);
    await page.getByRole("button", { name: "Send for review" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.locator(".changes__status", { hasText: "approved" }).waitFor();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const status = page.locator(".publish__progress [role=status]");
    await status.filter({ hasText: /^Published|failed|Not published|problem/ }).waitFor({ timeout: 480_000 });
    expect(await status.textContent()).toMatch(/^Published/);

    // The live picture: no EXIF, XMP or IPTC, and no trace of the camera.
    const dist = path.join(editor.workspace.publishedDir(), "dist");
    const live = readFileSync(path.join(dist, src));
    const meta = await sharp(live).metadata();
    expect([meta.format, meta.exif, meta.xmp, meta.iptc]).toEqual(["jpeg", undefined, undefined, undefined]);
    expect(live.includes("PhoneMaker")).toBe(false);
    // Its sizes, made by the build's image step, and the branch page offering them.
    const variants = ["-480w.avif", "-768w.webp", "-1200w.avif", ".webp"].map(
      (end) => `/images/_v/uploads/img-2041-kothapet-front.jpg${end}`,
    );
    for (const variant of variants) expect(existsSync(path.join(dist, variant)), variant).toBe(true);
    const branchPage = await page.context().request.get(`${editor.origin}/locations/kothapet`);
    const html = await branchPage.text();
    const pictures = html.match(/<picture[\s\S]*?<\/picture>/g) ?? [];
    expect(pictures.join("\n")).toContain(`${variants[0]} 480w`);
    expect(html).toContain(`alt="${alt.replace("'", "&#x27;")}"`);
  });
});
