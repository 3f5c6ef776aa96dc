import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listTree, removeAllBut, removeJobOutputs, removeListedBut } from "../../src/build/clean-up";
import { dataPaths } from "../../src/shared/collections/data-files";

/** Every folder under `dir`, relative, sorted. */
function foldersUnder(dir: string, relative = ""): string[] {
  return readdirSync(path.join(dir, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const child = path.join(relative, entry.name);
      return [child, ...foldersUnder(dir, child)];
    })
    .sort();
}

describe("the incremental build's clean-up of dist/", () => {
  let dist: string;
  const write = (relative: string) => {
    mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
    writeFileSync(path.join(dist, relative), "x");
  };

  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "clean-up-"));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("removes a removed treatment's page folders with its pages, leaving the folders a full build keeps", () => {
    for (const page of ["specialities/cardiology/angioplasty", "te/specialities/cardiology/angioplasty"])
      for (const copy of ["", ".br", ".gz"]) write(`${page}/index.html${copy}`);
    write("specialities/cardiology/index.html");
    write("te/specialities/cardiology/stents/index.html");

    const removed = removeJobOutputs(dist, [
      { kind: "page", path: "/specialities/cardiology/angioplasty" },
      { kind: "page", path: "/te/specialities/cardiology/angioplasty" },
    ]);

    expect(removed).toHaveLength(6);
    const incremental = foldersUnder(dist);
    expect(incremental).toEqual([
      "specialities",
      "specialities/cardiology",
      "te",
      "te/specialities",
      "te/specialities/cardiology",
      "te/specialities/cardiology/stents",
    ]);
    // What a full build's clean-up leaves of the same files.
    removeAllBut(dist, new Set(["specialities/cardiology/index.html", "te/specialities/cardiology/stents/index.html"]));
    expect(foldersUnder(dist)).toEqual(incremental);
  });

  it("removes a folder left empty up to dist/, and not dist/ itself", () => {
    write(dataPaths.translation("te", "cardiology.json", "angioplasty"));
    removeJobOutputs(dist, [
      { kind: "treatment-translation", lang: "te", dataFile: "cardiology.json", slug: "angioplasty" },
    ]);
    expect(existsSync(dist)).toBe(true);
    expect(readdirSync(dist)).toEqual([]);
  });
});

describe("the full build's clean-up of dist/, listed while the pages are made", () => {
  let dist: string;
  const write = (relative: string) => {
    mkdirSync(path.dirname(path.join(dist, relative)), { recursive: true });
    writeFileSync(path.join(dist, relative), "x");
  };
  const filesUnder = (relative = ""): string[] =>
    readdirSync(path.join(dist, relative), { withFileTypes: true })
      .flatMap((entry) => {
        const child = path.join(relative, entry.name);
        return entry.isDirectory() ? filesUnder(child) : [child];
      })
      .sort();

  beforeEach(() => {
    dist = mkdtempSync(path.join(os.tmpdir(), "clean-up-full-"));
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("removes what the last build left and this one did not write, keeping what it wrote after the listing", () => {
    // The last build's files.
    for (const file of [
      "home/index.html",
      "specialities/cardiology/angioplasty/index.html",
      "specialities/cardiology/angioplasty/index.html.br",
      "specialities/old/index.html",
      "assets/app-OLD.js",
    ])
      write(file);
    mkdirSync(path.join(dist, "empty/inside"), { recursive: true });
    const tree = listTree(dist);
    // Written by this build after the listing: a new page, and a file in a folder whose old file goes.
    write("specialities/new/index.html");
    write("assets/app-NEW.js");
    // Removed by the build itself after the listing (an old sitemap part): not counted twice.
    rmSync(path.join(dist, "specialities/old/index.html"));
    const kept = new Set(
      ["home/index.html", "specialities/new/index.html", "assets/app-NEW.js"].map((f) => path.normalize(f)),
    );

    const removed = removeListedBut(dist, tree, kept);

    expect(removed.sort()).toEqual(
      [
        "assets/app-OLD.js",
        "specialities/cardiology/angioplasty/index.html",
        "specialities/cardiology/angioplasty/index.html.br",
      ].map((f) => path.normalize(f)),
    );
    expect(filesUnder()).toEqual(
      ["assets/app-NEW.js", "home/index.html", "specialities/new/index.html"].map((f) => path.normalize(f)),
    );
    // Folders left empty go (the last build's and an empty one), up to dist/; dist/ stays.
    expect(foldersUnder(dist)).toEqual(["assets", "home", "specialities", "specialities/new"]);
  });

  it("keeps a folder whose every listed file goes when the build wrote into it after the listing", () => {
    write("specialities/cardiology/stents/index.html");
    const tree = listTree(dist);
    write("specialities/cardiology/stents/index.html.br");
    const kept = new Set([path.normalize("specialities/cardiology/stents/index.html.br")]);

    expect(removeListedBut(dist, tree, kept)).toEqual([path.normalize("specialities/cardiology/stents/index.html")]);
    expect(filesUnder()).toEqual([path.normalize("specialities/cardiology/stents/index.html.br")]);
  });
});
