/**
 * History and restore over a real git repository in a temporary folder: a page's versions in the
 * review's words, a treatment of a one-file collection with only its own commits, a translation
 * named by its English fields, pages of versions, and a restored treatment that leaves the rest
 * of the collection as it is now.
 */
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  history,
  publishedVersion,
  restoredText,
  restoreTitle,
  restoreVersion,
  SiteWorkspace,
  textsAt,
  versionText,
} from "../../../src/editor/server/changes";
import { dayOf, restoreMessage } from "../../../src/editor/server/changes/history";
import { alice, editJson, gitIn, makeProject, type TempProject } from "./repo";

const page = "site-config/pages/contact-us.json";
const collection = "site-config/collections/cardiology-sub-departments.json";
const telugu = "site-config/i18n/te/pages/contact-us.json";
const heart = "treatment-for-heart-failure-in-kukatpally";
const angiogram = "best-hospital-for-angiography-in-hyderabad";

let project: TempProject;
const commits: Record<string, string> = {};

type Treatment = { slug: string; name: string; meta_title: string };

/** Commits a change to `file` as `who` on day `day` of November 2026. */
async function change(file: string, who: string, day: number, edit: (doc: Record<string, unknown>) => void) {
  await editJson(path.join(project.root, file), edit);
  const date = `2026-11-${String(day).padStart(2, "0")}T10:00:00Z`;
  gitIn(project.root, "add", "-A");
  execAs(who, date, "commit", "--quiet", "-m", `change on day ${day}`);
  return gitIn(project.root, "rev-parse", "HEAD");
}

function execAs(who: string, date: string, ...args: string[]) {
  return gitIn(
    project.root,
    "-c",
    `user.name=${who}`,
    "-c",
    `user.email=${who}@hospital.example`,
    ...args.slice(0, 1),
    `--date=${date}`,
    ...args.slice(1),
  );
}

const treatments = (doc: Record<string, unknown>) => doc.sub_departments as Treatment[];
const treatment = (doc: Record<string, unknown>, slug: string) =>
  treatments(doc).find((t) => t.slug === slug) as Treatment;
const blocks = (doc: Record<string, unknown>) => doc.blocks as Array<Record<string, unknown>>;

beforeAll(async () => {
  project = await makeProject([page, collection, telugu, "site-config/pages/home.json"]);
  commits.first = await change(page, "meera", 10, (doc) => {
    blocks(doc)[0].text = "Talk to us";
  });
  commits.heart = await change(collection, "meera", 11, (doc) => {
    treatment(doc, heart).meta_title = "Heart failure care";
  });
  commits.angiogram = await change(collection, "ravi", 12, (doc) => {
    treatment(doc, angiogram).meta_title = "Angiogram in Hyderabad";
  });
  commits.second = await change(page, "ravi", 13, (doc) => {
    blocks(doc)[0].text = "Write to us";
  });
  commits.telugu = await change(telugu, "lakshmi", 14, (doc) => {
    (doc.strings as Record<string, string>)["blocks.0.text"] = "మాకు రాయండి";
  });
  commits.heartAgain = await change(collection, "ravi", 15, (doc) => {
    treatment(doc, heart).name = "Heart Failure Clinic";
  });
});

afterAll(async () => {
  await project?.remove();
});

describe("a file's history", () => {
  it("lists a page's versions newest first: who, when, and what changed in the review's words", async () => {
    const { versions, next } = await history(project.root, "main", { file: page });
    expect(next).toBeUndefined();
    expect(versions.map((v) => [v.author, dayOf(v.at), v.changes.map((c) => `${c.label} | ${c.words}`)])).toEqual([
      ["ravi", "13 Nov 2026", ["Heading block ‘Talk to us’ › Text | Text: 'Talk to us' → 'Write to us'"]],
      ["meera", "10 Nov 2026", ["Heading block ‘Contact us’ › Text | Text: 'Contact us' → 'Talk to us'"]],
      ["Dev", expect.any(String), ["The whole file | The file added"]],
    ]);
  });

  it("shows a treatment of a collection file only the commits that changed it, with only its changes", async () => {
    const { versions } = await history(project.root, "main", { file: collection, slug: heart });
    expect(versions.map((v) => v.commit)).toEqual([commits.heartAgain, commits.heart, expect.any(String)]);
    expect(versions[0].changes.map((c) => c.words)).toEqual(["Name: 'Heart Failure' → 'Heart Failure Clinic'"]);
    expect(versions[1].changes.map((c) => c.words)).toEqual([
      "Browser title: 'Heart Failure Treatment in Kukatpally, Hyderabad' → 'Heart failure care'",
    ]);
    const angiogramHistory = await history(project.root, "main", { file: collection, slug: angiogram });
    expect(angiogramHistory.versions.map((v) => v.author)).toEqual(["ravi", "Dev"]);
  });

  it("names a translation's changes by the English field they translate, in its language", async () => {
    const { versions } = await history(project.root, "main", { file: telugu });
    expect(versions[0].changes.map((c) => c.words)).toEqual([
      expect.stringMatching(/^Text \(Telugu\): 'సంప్రదించండి' → 'మాకు రాయండి'$/),
    ]);
    expect(versions[0].changes[0].fileLabel).toBe("/contact-us (Telugu)");
  });

  it("answers a page at a time, and the next page from where the last one stopped", async () => {
    const first = await history(project.root, "main", { file: page }, { limit: 2 });
    expect(first.versions.map((v) => v.commit)).toEqual([commits.second, commits.first]);
    expect(first.next).toBe(2);
    const second = await history(project.root, "main", { file: page }, { skip: first.next, limit: 2 });
    expect(second.versions).toHaveLength(1);
    expect(second.next).toBeUndefined();
    const treatmentPage = await history(project.root, "main", { file: collection, slug: heart }, { limit: 1 });
    expect(treatmentPage.versions.map((v) => v.commit)).toEqual([commits.heartAgain]);
    const rest = await history(project.root, "main", { file: collection, slug: heart }, { skip: treatmentPage.next });
    expect(rest.versions.map((v) => v.commit)).toEqual([commits.heart, expect.any(String)]);
  });

  it("reads many versions' texts in one batch, a missing file as undefined", async () => {
    const texts = await textsAt(project.root, [
      `${commits.first}:${page}`,
      `${commits.first}:nothing.json`,
      "main:site-config",
    ]);
    expect(JSON.parse(texts[0] ?? "").blocks[0].text).toBe("Talk to us");
    expect(texts.slice(1)).toEqual([undefined, undefined]);
  });
});

describe("restoring a version", () => {
  it("puts back the whole file as that version had it", async () => {
    const old = (await versionText(project.root, commits.first, { file: page })) ?? "";
    const now = await readFile(path.join(project.root, page), "utf8");
    expect(JSON.parse(restoredText({ file: page }, old, now)).blocks[0].text).toBe("Talk to us");
  });

  it("puts back one treatment and leaves the collection's other treatments as they are now", async () => {
    const target = { file: collection, slug: heart };
    const [old] = await textsAt(project.root, [`${commits.heart}:${collection}`]);
    const now = await readFile(path.join(project.root, collection), "utf8");
    const restored = JSON.parse(restoredText(target, old ?? "", now));
    expect(treatment(restored, heart).name).toBe("Heart Failure");
    expect(treatment(restored, heart).meta_title).toBe("Heart failure care");
    expect(treatment(restored, angiogram).meta_title).toBe("Angiogram in Hyderabad");
    expect(JSON.parse((await versionText(project.root, commits.heart, target)) ?? "").name).toBe("Heart Failure");
    // A treatment removed since is put back in its old place.
    const without = JSON.parse(now);
    without.sub_departments = treatments(without).filter((t) => t.slug !== heart);
    const back = JSON.parse(restoredText(target, old ?? "", JSON.stringify(without)));
    expect(treatments(back).findIndex((t) => t.slug === heart)).toBe(0);
    expect(() => restoredText({ file: collection, slug: "no-such-treatment" }, old ?? "", now)).toThrow(
      "That version has no treatment 'no-such-treatment' to put back.",
    );
  });

  it("says what it restored, as of when and whose version", () => {
    expect(restoreMessage("Knee Replacement", { at: Date.UTC(2026, 10, 12, 9), author: "meera" })).toBe(
      "Restored 'Knee Replacement' as of 12 Nov 2026 by meera",
    );
  });
});

describe("history and restore in the editor's workspace", () => {
  const folderFile = `site-config/collections/cardiology-sub-departments/${heart}.json`;
  let ws: SiteWorkspace;

  beforeAll(async () => {
    // A folder collection's treatment page is a file of its own: its history is that file's.
    const doc = JSON.parse(await readFile(path.join(project.root, collection), "utf8"));
    await mkdir(path.dirname(path.join(project.root, folderFile)), { recursive: true });
    await writeFile(
      path.join(project.root, folderFile),
      `${JSON.stringify({ $schema: "../../../schemas/treatment-page.schema.json", ...treatment(doc, heart) }, null, 2)}\n`,
    );
    gitIn(project.root, "add", "-A");
    gitIn(project.root, "commit", "--quiet", "-m", "A folder collection");
    commits.folder = await change(folderFile, "meera", 16, (doc) => {
      doc.name = "Heart Failure Care";
    });
    ws = await SiteWorkspace.open({ dataDir: project.dataDir(), projectRoot: project.root });
  });

  it("follows a folder collection's treatment page in its own file", async () => {
    const { versions } = await history(ws.repo, ws.ref("published"), { file: folderFile });
    expect(versions.map((v) => v.changes.map((c) => c.words))).toEqual([
      ["Name: 'Heart Failure Clinic' → 'Heart Failure Care'"],
      ["The file added"],
    ]);
  });

  it("restores one treatment into a new change set, as one commit by the person, reviewed in words", async () => {
    const target = { file: collection, slug: heart };
    const version = await publishedVersion(ws, commits.heart);
    expect(version).toMatchObject({ author: "meera", at: Date.UTC(2026, 10, 11, 10) });
    if (!version) return;
    const message = await restoreTitle(ws, target, version);
    expect(message).toBe("Restored 'Heart Failure' as of 11 Nov 2026 by meera");
    await ws.create("restore-heart", alice, message);
    await restoreVersion(ws, "restore-heart", target, version, message, alice);
    await ws.idle();
    const [file] = await ws.review("restore-heart");
    expect(file.changes.map((c) => `${c.label} | ${c.words}`)).toEqual([
      "Treatment page ‘Heart Failure Clinic’ › Name | Name: 'Heart Failure Clinic' → 'Heart Failure'",
    ]);
    expect(gitIn(ws.repo, "log", "-1", "--format=%an: %s", ws.ref("head", "restore-heart"))).toBe(
      `${alice.name}: ${message}`,
    );
    // Only versions of the published site can be restored.
    expect(await publishedVersion(ws, "0".repeat(40))).toBeUndefined();
    expect(await publishedVersion(ws, "main")).toBeUndefined();
  });
});
