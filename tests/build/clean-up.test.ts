import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { removeAllBut, removeJobOutputs } from "../../src/build/clean-up";
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
