/**
 * The project's import graph, read from the source with TypeScript's own pre-processor (static
 * imports, re-exports, dynamic import() and require()), for the tests that hold the house's rules.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

/** One import: the importing file, what it wrote, and the repo file it names (if any). */
export interface ImportEdge {
  from: string;
  specifier: string;
  /** Repo-relative path of the imported file; undefined for packages and Node built-ins. */
  to?: string;
}

const sourceFile = /\.(ts|tsx|mts|mjs|cjs|js)$/;
const candidates = ["", ".ts", ".tsx", ".mjs", ".cjs", ".js", "/index.ts", "/index.tsx"];

/** Every source file under `dir` (repo-relative), generated files included. */
export function sourceFiles(dir: string): string[] {
  const full = path.join(repoRoot, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && sourceFile.test(entry.name))
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(repoRoot, path.dirname(from), specifier.split("?")[0]);
  for (const suffix of candidates) {
    const file = base + suffix;
    if (existsSync(file) && statSync(file).isFile()) return path.relative(repoRoot, file).split(path.sep).join("/");
  }
  return undefined;
}

/** The imports of one repo file. */
export function importsOf(file: string): ImportEdge[] {
  const text = readFileSync(path.join(repoRoot, file), "utf8");
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName }) => {
    const edge: ImportEdge = { from: file, specifier: fileName };
    if (fileName.startsWith(".")) edge.to = resolve(file, fileName);
    return edge;
  });
}

/** The wing a file of src/ belongs to: 'site' for src/site/blocks/hero/index.tsx. */
export const wingOf = (file: string) => (file.startsWith("src/") ? file.split("/")[1] : undefined);

/** Strongly connected groups of more than one file (Tarjan): each is an import circle. */
export function circles(edges: ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) if (to) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** Every file reachable from `entries` through relative imports, with the edges walked. */
export function reachable(entries: string[]): { files: Set<string>; edges: ImportEdge[] } {
  const files = new Set<string>();
  const edges: ImportEdge[] = [];
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    if (!sourceFile.test(file)) continue;
    for (const edge of importsOf(file)) {
      edges.push(edge);
      if (edge.to) queue.push(edge.to);
    }
  }
  return { files, edges };
}
