/**
 * A table of hashes by typed key, as the build's state keeps them between builds: Maps nested by
 * the key's fields (its kind, then data file, then slug, ...). Looking a key up takes its fields
 * as they are, with no text made of them: the planner looks up 120,000 dependencies a build, and
 * making each one's name and finding it among 60,000 names was most of its time.
 */

/** One field of a key. */
export type Field = string | number;
interface Level extends Map<Field, Level | string> {}

/** Hashes by kind, then by the key's fields in order. */
export type KeyTable<Kind> = Map<Kind, Level>;

/** The hash under these fields in `table`, or undefined when it has none. */
export function tableGet<Kind>(table: KeyTable<Kind>, kind: Kind, fields: readonly Field[]): string | undefined {
  let level: Level | string | undefined = table.get(kind);
  for (const field of fields) level = typeof level === "object" ? level.get(field) : undefined;
  return typeof level === "string" ? level : undefined;
}

export function tableSet<Kind>(table: KeyTable<Kind>, kind: Kind, fields: readonly Field[], hash: string): void {
  let level: Level = table.get(kind) ?? new Map();
  table.set(kind, level);
  for (const field of fields.slice(0, -1)) {
    const next: Level | string | undefined = level.get(field);
    const inner: Level = typeof next === "object" ? next : new Map();
    level.set(field, inner);
    level = inner;
  }
  level.set(fields[fields.length - 1], hash);
}

/** How many hashes `table` has. */
export function tableCount<Kind>(table: KeyTable<Kind>): number {
  const count = (level: Level): number => {
    let n = 0;
    for (const next of level.values()) n += typeof next === "string" ? 1 : count(next);
    return n;
  };
  let n = 0;
  for (const level of table.values()) n += count(level);
  return n;
}

/** Every key's kind and fields in `table`, kind by kind, each kind's in the order they were set. */
export function tableKeys<Kind>(table: KeyTable<Kind>): [Kind, Field[]][] {
  const keys: [Kind, Field[]][] = [];
  const walk = (kind: Kind, level: Level, fields: Field[]) => {
    for (const [field, next] of level) {
      if (typeof next === "string") keys.push([kind, [...fields, field]]);
      else walk(kind, next, [...fields, field]);
    }
  };
  for (const [kind, level] of table) walk(kind, level, []);
  return keys;
}

/**
 * The keys whose hash differs between `before` and `now` (one missing counts as ''), with their
 * hash now ('' for a key `now` no longer has), kinds in `skip` left out. Both tables are walked
 * side by side, level by level: each key is found once per level rather than from the top.
 */
export function tableDiff<Kind>(now: KeyTable<Kind>, before: KeyTable<Kind>, skip: ReadonlySet<Kind>): KeyTable<Kind> {
  const diff: KeyTable<Kind> = new Map();
  const walk = (kind: Kind, a: Level | undefined, b: Level | undefined, fields: Field[]) => {
    if (a === b) return;
    for (const [field, next] of a ?? []) {
      const was = b?.get(field);
      if (typeof next === "string") {
        if (next !== (typeof was === "string" ? was : "")) tableSet(diff, kind, [...fields, field], next);
      } else walk(kind, next, typeof was === "object" ? was : undefined, [...fields, field]);
    }
    for (const [field, was] of b ?? []) {
      if (a?.has(field)) continue;
      if (typeof was === "object") walk(kind, undefined, was, [...fields, field]);
      else if (was !== "") tableSet(diff, kind, [...fields, field], "");
    }
  };
  for (const kind of new Set([...now.keys(), ...before.keys()]))
    if (!skip.has(kind)) walk(kind, now.get(kind), before.get(kind), []);
  return diff;
}
