/**
 * The house's rules (README, "How it fits together"), held against the real imports of src/ and
 * scripts/: shared code imports no program; a program imports another only through its public
 * face; browser code reaches nothing that runs only in Node; no import circles, in files or in
 * the site's folders; src/ never imports scripts/ or tests/; scripts/ are thin entry points.
 */

import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { circles, type ImportEdge, importsOf, reachable, repoRoot, sourceFiles, wingOf } from "./import-graph";

type Wing = "shared" | "site" | "relay" | "validation" | "build" | "editor";

/** Which wings each wing may import, lowest first: an arrow never runs back up. */
const mayImport: Record<Wing, Wing[]> = {
  shared: [],
  site: ["shared"],
  relay: ["shared"],
  validation: ["shared"],
  build: ["shared", "site", "validation"],
  editor: ["shared", "site", "validation", "build"],
};

/** The files another wing may import (shared code is all public). */
const publicFaces: Partial<Record<Wing, string[]>> = {
  site: ["src/site/index.ts"],
  validation: ["src/validation/index.ts", "src/validation/browser.ts"],
  build: ["src/build/index.ts"],
};

/** Where code starts in a browser: the site's pages and the editor's two pages. */
const browserEntries = ["src/site/main.tsx", "src/editor/app/main.tsx", "src/editor/preview/main.tsx"];
/** Packages that only run in Node. */
const nodeOnlyPackages = [
  "better-sqlite3",
  "sharp",
  "vite",
  "esbuild",
  "typescript",
  "json-schema-to-typescript",
  "jsdom",
];

const srcEdges: ImportEdge[] = sourceFiles("src").flatMap(importsOf);
const describeEdge = (e: ImportEdge) => `${e.from} -> ${e.to ?? e.specifier}`;

describe("the house", () => {
  it("knows every wing of src/", () => {
    const wings = new Set(sourceFiles("src").map(wingOf));
    expect([...wings].sort()).toEqual(Object.keys(mayImport).sort());
  });

  it("has shared code that imports no program", () => {
    const wrong = srcEdges.filter(
      (e) => wingOf(e.from) === "shared" && e.to && wingOf(e.to) !== "shared" && !isData(e.to),
    );
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("has programs that import only lower wings, and those only through their public face", () => {
    const wrong = srcEdges.filter((e) => {
      const from = wingOf(e.from) as Wing;
      const to = e.to && (wingOf(e.to) as Wing | undefined);
      if (!to || to === from || to === "shared") return Boolean(e.to && !e.to.startsWith("src/") && !isData(e.to));
      return !mayImport[from].includes(to) || !(publicFaces[to] ?? []).includes(e.to!);
    });
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("has no import circle between files", () => {
    expect(circles(srcEdges)).toEqual([]);
  });

  it("has no circle between the site's folders", () => {
    const room = (file: string) => file.split("/").slice(0, 3).join("/");
    const folderEdges = srcEdges
      .filter((e) => e.to && wingOf(e.from) === "site" && wingOf(e.to) === "site" && room(e.from) !== room(e.to))
      .map((e) => ({ ...e, from: room(e.from), to: room(e.to!) }));
    expect(circles(folderEdges)).toEqual([]);
  });

  it("ships nothing to browsers that runs only in Node", () => {
    const { files, edges } = reachable(browserEntries);
    const nodeBuiltins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    const wrong = [
      ...[...files].filter((f) => ["relay", "build"].includes(wingOf(f) ?? "")),
      ...edges
        .filter((e) => !e.to && (nodeBuiltins.has(e.specifier) || nodeOnlyPackages.includes(e.specifier)))
        .map(describeEdge),
    ];
    expect(wrong).toEqual([]);
  });

  it("never imports scripts/ or tests/ from src/", () => {
    const wrong = srcEdges.filter((e) => e.to && !e.to.startsWith("src/") && /^(scripts|tests)\//.test(e.to));
    expect(wrong.map(describeEdge)).toEqual([]);
  });

  it("keeps scripts/ to thin command-line entry points", () => {
    const thick = sourceFiles("scripts").filter((file) => {
      const lines = readFileSync(path.join(repoRoot, file), "utf8").split("\n").length;
      return lines > 60;
    });
    expect(thick).toEqual([]);
  });
});

/** Config and schema files a module may import as data. */
function isData(file: string): boolean {
  return /^(site-config|schemas)\//.test(file) || file === "package.json";
}
