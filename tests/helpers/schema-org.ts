/**
 * schema.org's vocabulary, read from schema-dts (Google's TypeScript typings generated from
 * schema.org's own definitions): every type, and the properties each takes, inherited ones
 * included. `schemaOrgProblems` checks JSON-LD against it, so a misspelt type or property (or one
 * used on a type that does not take it) fails a test, as the Schema Markup Validator would say.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

interface Vocabulary {
  /** Each type's properties, inherited ones included. */
  properties: Map<string, Set<string>>;
}

let vocabulary: Vocabulary | undefined;

function load(): Vocabulary {
  const typings = path.join(
    path.dirname(createRequire(import.meta.url).resolve("schema-dts/package.json")),
    "dist/schema.d.ts",
  );
  const text = readFileSync(typings, "utf8");
  const bases = new Map<string, { parents: string[]; own: string[] }>();
  for (const [, name, parents, body] of text.matchAll(/^interface (\w+Base) extends ([^{]+)\{([\s\S]*?)^\}/gm)) {
    const own = [...body.matchAll(/^ {4}"([^"]+)"\??:/gm)].map((m) => m[1]);
    bases.set(name, { parents: parents.split(",").map((p) => p.trim()), own });
  }
  const all = (base: string, seen = new Set<string>()): Set<string> => {
    const found = bases.get(base);
    if (!found || seen.has(base)) return new Set();
    seen.add(base);
    return new Set([...found.own, ...found.parents.flatMap((p) => [...all(p, seen)])]);
  };
  const properties = new Map<string, Set<string>>();
  for (const [, base, type] of text.matchAll(/^export interface \w+Leaf extends (\w+Base) \{\s*"@type": "(\w+)";/gm))
    properties.set(type, all(base));
  return { properties };
}

/** What is wrong with `data` (JSON-LD: an object, or a list of them) in schema.org's words; [] when nothing. */
export function schemaOrgProblems(data: unknown, at = ""): string[] {
  vocabulary ??= load();
  if (Array.isArray(data)) return data.flatMap((item, i) => schemaOrgProblems(item, `${at}/${i}`));
  if (data === null || typeof data !== "object") return [];
  const node = data as Record<string, unknown>;
  const types = [node["@type"] ?? []].flat() as string[];
  const problems: string[] = [];
  const known = types.filter((t) => vocabulary?.properties.has(t));
  for (const t of types) if (!known.includes(t)) problems.push(`${at}: '${t}' is not a schema.org type`);
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith("@")) continue;
    if (known.length > 0 && !known.some((t) => vocabulary?.properties.get(t)?.has(key)))
      problems.push(`${at}: ${types.join("/")} has no property '${key}'`);
    problems.push(...schemaOrgProblems(value, `${at}/${key}`));
  }
  return problems;
}
