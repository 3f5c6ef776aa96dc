/**
 * The editor is development only: nothing the public site's entry imports, directly or not,
 * lies under src/editor/. (tests/browser/editor.test.ts also greps the built dist/ for the
 * editor's marker string.)
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { EDITOR_MARKER } from "../../src/editor/shared/marker";
import { projectRoot } from "./temp-site";

const extensions = [".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  if (/\.(tsx?|json|css|svg)$/.test(base)) return existsSync(base) ? base : undefined;
  return extensions.map((ext) => base + ext).find((candidate) => existsSync(candidate));
}

/** Every source file reachable from `entry` through static and dynamic imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const imported of importedFiles) {
      const resolved = resolveImport(file, imported.fileName);
      if (resolved) queue.push(resolved);
    }
  }
  return seen;
}

describe("the public site's code", () => {
  const files = reachable(path.join(projectRoot, "src/site/main.tsx"));

  it("reaches the renderer (so the walk works)", () => {
    expect(files).toContain(path.join(projectRoot, "src/site/blocks/BlockList.tsx"));
    expect(files.size).toBeGreaterThan(30);
  });

  it("imports nothing under src/editor/", () => {
    const editorDir = path.join(projectRoot, "src/editor") + path.sep;
    expect([...files].filter((f) => f.startsWith(editorDir))).toEqual([]);
  });

  it("does not contain the editor's marker string", () => {
    const holding = [...files].filter((f) => /\.tsx?$/.test(f) && readFileSync(f, "utf8").includes(EDITOR_MARKER));
    expect(holding).toEqual([]);
  });
});
