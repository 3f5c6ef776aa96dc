/**
 * Treatment collections in the editor's API, stored both ways: cardiology as one file,
 * orthopedics split into a folder (one file per treatment page). The list is a compact, searched
 * page of the collection; a save of one treatment changes that treatment's file, or its lines of
 * the collection file, and nothing else.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitCollection } from "../../src/build/collection-storage";
import { type RunningEditor, startEditorServer } from "../../src/editor/server/server";
import type { CollectionIndexResponse, FileListResponse, FileResponse } from "../../src/editor/shared/api";
import { copySite, projectRoot, type TempSite } from "./temp-site";

let site: TempSite;
let editor: RunningEditor;
const oneFile = "site-config/collections/cardiology-sub-departments.json";
const folder = "site-config/collections/orthopedics-sub-departments";
const settings = `${folder}/_collection.json`;

beforeAll(async () => {
  site = await copySite();
  splitCollection(site.file(`${folder}.json`));
  editor = await startEditorServer({ siteRoot: site.siteRoot, port: 0, app: false, projectRoot });
});

afterAll(async () => {
  await editor?.close();
  await site?.remove();
});

const api = (p: string) => `${editor.url}/editor/api/${p}`;
// biome-ignore lint/suspicious/noExplicitAny: treatment pages of every shape.
type Loose = any;

async function list(file: string, q = "", offset = 0, limit = 50): Promise<CollectionIndexResponse> {
  const params = new URLSearchParams({ path: file, q, offset: String(offset), limit: String(limit) });
  const response = await fetch(api(`collection?${params}`));
  expect(response.status).toBe(200);
  return response.json();
}

async function send(method: string, name: string, body: unknown) {
  const response = await fetch(api(name), {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Every file of the folder with its text, to see which ones a save touched. */
async function folderFiles(): Promise<Map<string, string>> {
  const names = await readdir(site.file(folder));
  return new Map(
    await Promise.all(names.map(async (n) => [n, await readFile(path.join(site.file(folder), n), "utf8")] as const)),
  );
}

describe("editor API: treatment collections", () => {
  it("lists a collection folder as one entry with its count, not one entry per treatment page", async () => {
    const { files } = (await (await fetch(api("files"))).json()) as FileListResponse;
    const orthopedics = files.filter((f) => f.path.startsWith(folder));
    expect(orthopedics).toEqual([
      expect.objectContaining({
        path: settings,
        label: "Orthopedics treatments",
        detail: "5 treatment pages",
        collection: { storage: "folder", count: 5 },
      }),
    ]);
    expect(files.find((f) => f.path === oneFile)).toMatchObject({
      label: "Cardiology treatments",
      detail: "5 treatment pages",
      collection: { storage: "file", count: 5 },
    });
  });

  it("answers a page of the list with slug, name and path only, searched by name and slug, either storage", async () => {
    const all = await list(settings);
    expect(all).toMatchObject({ storage: "folder", speciality: "Orthopedics", total: 5, matched: 5, offset: 0 });
    expect(all.items[0]).toEqual({
      slug: "arthroscopy-surgeon-in-hyderabad",
      name: "Arthroscopy Surgery",
      url: expect.stringMatching(/arthroscopy-surgeon-in-hyderabad$/),
      path: `${folder}/arthroscopy-surgeon-in-hyderabad.json`,
    });
    expect((await list(settings, "KNEE")).items.map((i) => i.slug)).toEqual(["total-knee-replacement"]);
    expect((await list(settings, "hyderabad hip")).items.map((i) => i.name)).toEqual(["Hip Replacement Surgery"]);
    const paged = await list(settings, "", 2, 2);
    expect([paged.offset, paged.items.length, paged.matched]).toEqual([2, 2, 5]);

    const file = await list(oneFile, "angio");
    expect(file).toMatchObject({ storage: "file", speciality: "Cardiology", total: 5, matched: 2 });
    expect(file.items.map((i) => i.name)).toEqual(["Coronary Angiogram", "Coronary Angioplasty"]);
    expect(file.items[0].path).toBeUndefined();
  });

  it("refuses a path that is not a collection", async () => {
    const response = await fetch(api(`collection?path=${encodeURIComponent("site-config/footer.json")}`));
    expect(response.status).toBe(404);
  });

  it("saves a treatment page of a folder in its own file, and no other file changes", async () => {
    const file = `${folder}/total-knee-replacement.json`;
    const before = await folderFiles();
    const opened = (await (await fetch(api(`file?path=${encodeURIComponent(file)}`))).json()) as FileResponse;
    expect(opened.info).toMatchObject({ kind: "treatment", label: "Total Knee Replacement" });
    const data = JSON.parse(opened.text);
    data.name = "Knee Replacement";
    const saved = await send("PUT", "file", { path: file, data, baseHash: opened.hash });
    expect(saved.status).toBe(200);
    const after = await folderFiles();
    const changed = [...after].filter(([name, text]) => before.get(name) !== text).map(([name]) => name);
    expect(changed).toEqual(["total-knee-replacement.json"]);
    expect(after.get("total-knee-replacement.json")).toBe(
      before
        .get("total-knee-replacement.json")
        ?.replace('"name": "Total Knee Replacement"', '"name": "Knee Replacement"'),
    );
    expect((await list(settings, "knee")).items[0].name).toBe("Knee Replacement");
  });

  it("refuses a folder treatment page with an error, writing nothing", async () => {
    const file = `${folder}/sports-injury-hospital-in-kukatpally.json`;
    const before = await folderFiles();
    const opened = (await (await fetch(api(`file?path=${encodeURIComponent(file)}`))).json()) as FileResponse;
    const data = JSON.parse(opened.text);
    data.name = "";
    const refused = await send("PUT", "file", { path: file, data, baseHash: opened.hash });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ file, pointer: "/name" });
    expect(await folderFiles()).toEqual(before);
  });

  it("saves one treatment of a collection file: only that treatment's lines change", async () => {
    const before = await readFile(site.file(oneFile), "utf8");
    const slug = "best-hospital-for-angioplasty-in-hyderabad";
    const response = await fetch(api(`entry?${new URLSearchParams({ path: oneFile, slug })}`));
    const opened = (await response.json()) as FileResponse;
    expect(opened.info).toMatchObject({ kind: "treatment", label: "Coronary Angioplasty", path: oneFile });
    const data: Loose = JSON.parse(opened.text);
    expect(data.slug).toBe(slug);
    data.name = "Balloon Angioplasty";
    const saved = await send("PUT", "entry", { path: oneFile, slug, data, baseHash: opened.hash });
    expect(saved.status).toBe(200);
    const after = await readFile(site.file(oneFile), "utf8");
    const [a, b] = [before.split("\n"), after.split("\n")];
    expect(b.length).toBe(a.length);
    const changed = a.flatMap((line, i) => (line === b[i] ? [] : [[line.trim(), b[i].trim()]]));
    expect(changed).toEqual([['"name": "Coronary Angioplasty",', '"name": "Balloon Angioplasty",']]);

    // An error is reported at the treatment's own field, and nothing is written.
    data.name = "";
    const refused = await send("PUT", "entry", { path: oneFile, slug, data, baseHash: saved.body.hash });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ file: oneFile, pointer: "/name" });
    expect(await readFile(site.file(oneFile), "utf8")).toBe(after);
    // A stale hash is a conflict.
    const stale = await send("PUT", "entry", { path: oneFile, slug, data, baseHash: opened.hash });
    expect(stale.status).toBe(409);
  });

  it("duplicates a treatment page of a folder into a file of its own, named after the copy's slug", async () => {
    const slug = "treatment-for-golfers-elbow";
    const copy = await send("POST", "duplicate", { path: settings, slug });
    expect(copy).toEqual({ status: 200, body: { slug: `${slug}-copy`, path: `${folder}/${slug}-copy.json` } });
    const data: Loose = JSON.parse(await readFile(site.file(`${folder}/${slug}-copy.json`), "utf8"));
    expect(data).toMatchObject({ slug: `${slug}-copy`, name: "Golfer's Elbow Treatment (copy)" });
    expect((await list(settings)).total).toBe(6);

    // Its new slug renames its file.
    const file = `${folder}/${slug}-copy.json`;
    const opened = (await (await fetch(api(`file?path=${encodeURIComponent(file)}`))).json()) as FileResponse;
    const renamed = { ...JSON.parse(opened.text), slug: "tennis-elbow", url: "/specialities/orthopedics/tennis-elbow" };
    renamed.canonical_url = `https://www.hospitals.example${renamed.url}`;
    const saved = await send("PUT", "file", { path: file, data: renamed, baseHash: opened.hash });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.path).toBe(`${folder}/tennis-elbow.json`);
    await expect(stat(site.file(file))).rejects.toThrow();
    expect(JSON.parse(await readFile(site.file(`${folder}/tennis-elbow.json`), "utf8")).slug).toBe("tennis-elbow");
  });

  it("duplicates a treatment of a collection file right after it", async () => {
    const slug = "treatment-for-heart-failure-in-kukatpally";
    const copy = await send("POST", "duplicate", { path: oneFile, slug });
    expect(copy).toEqual({ status: 200, body: { slug: `${slug}-copy` } });
    const doc: Loose = JSON.parse(await readFile(site.file(oneFile), "utf8"));
    expect(doc.sub_departments.map((s: Loose) => s.slug).slice(0, 2)).toEqual([slug, `${slug}-copy`]);
  });
});
