/**
 * A three-way merge of JSON documents by field: what only one side changed is taken; a field
 * both sides changed differently is a conflict, which a person decides (a Pick) rather than git's
 * line merge guessing. List items are matched by identity (match.ts), so an entry one side moved
 * and the other edited keeps both.
 *
 * Conflicts are named by a pointer into the common base (items neither side had before are
 * numbered after the base's last item), so the same conflict has the same pointer every time the
 * same three versions are merged: a pick made on one answer applies to the next merge.
 */
import { jsonEqual } from "../../shared/json-format";
import { labelsAt } from "./describe";
import { isObject, matchItems, movedPairs, pointerSegment } from "./match";
import type { FieldConflict, Pick } from "./types";

export interface MergeResult {
  /** The merged document (undefined: the file is removed); conflicts hold this change set's value. */
  merged: unknown;
  conflicts: FieldConflict[];
  /** The conflicts the picks decided, with the side taken. */
  decided: Array<FieldConflict & { take: Pick["take"] }>;
}

/** Where a field is in one document, for its label. */
interface Place {
  doc: unknown;
  pointer: string;
}

/**
 * Merges `ours` (the change set) and `theirs` (published) from their common `base`, by field.
 * `picks` decide conflicts, by the conflict's file and pointer.
 */
export function mergeJson(
  file: string,
  base: unknown,
  ours: unknown,
  theirs: unknown,
  picks: Pick[] = [],
): MergeResult {
  const chosen = new Map(picks.filter((p) => p.file === file).map((p) => [p.pointer, p.take]));
  const conflicts: FieldConflict[] = [];
  const decided: MergeResult["decided"] = [];

  const conflict = (key: string, place: Place, b: unknown, o: unknown, t: unknown): unknown => {
    const names = labelsAt(file, place.doc, place.pointer);
    const found = {
      file,
      pointer: key,
      label: names.length === 0 ? "The whole file" : names.join(" › "),
      ours: o,
      theirs: t,
      base: b,
    };
    const take = chosen.get(key);
    if (take) {
      decided.push({ ...found, take });
      return take === "ours" ? o : t;
    }
    conflicts.push(found);
    return o;
  };

  const merge = (b: unknown, o: unknown, t: unknown, key: string, op: string, tp: string): unknown => {
    if (jsonEqual(o, t)) return o;
    if (jsonEqual(b, o)) return t;
    if (jsonEqual(b, t)) return o;
    if (isObject(o) && isObject(t) && (b === undefined || isObject(b))) {
      const out: Record<string, unknown> = {};
      for (const k of new Set([...Object.keys(o), ...Object.keys(t)])) {
        const seg = pointerSegment(k);
        const value = merge(b?.[k], o[k], t[k], key + seg, op + seg, tp + seg);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    if (Array.isArray(o) && Array.isArray(t) && (b === undefined || Array.isArray(b)))
      return mergeList(b ?? [], o, t, key, op, tp);
    return conflict(key, o === undefined ? { doc: theirs, pointer: tp } : { doc: ours, pointer: op }, b, o, t);
  };

  const mergeList = (b: unknown[], o: unknown[], t: unknown[], key: string, op: string, tp: string): unknown[] => {
    const ourPairs = matchItems(b, o);
    const theirPairs = matchItems(b, t);
    const inOurs = new Map(ourPairs);
    const inTheirs = new Map(theirPairs);
    /** Result items by their index in ours and in theirs (either may be absent). */
    const kept: Array<{ o?: number; t?: number; value: unknown }> = [];
    b.forEach((item, i) => {
      const oi = inOurs.get(i);
      const ti = inTheirs.get(i);
      const place: Place =
        oi === undefined ? { doc: theirs, pointer: `${tp}/${ti}` } : { doc: ours, pointer: `${op}/${oi}` };
      let value: unknown;
      if (oi !== undefined && ti !== undefined)
        value = merge(item, o[oi], t[ti], `${key}/${i}`, `${op}/${oi}`, `${tp}/${ti}`);
      else if (oi !== undefined)
        value = jsonEqual(item, o[oi]) ? undefined : conflict(`${key}/${i}`, place, item, o[oi], undefined);
      else if (ti !== undefined)
        value = jsonEqual(item, t[ti]) ? undefined : conflict(`${key}/${i}`, place, item, undefined, t[ti]);
      if (value !== undefined) kept.push({ o: oi, t: ti, value });
    });
    // Items each side added; the same new item added on both sides is one item.
    const oursMatched = new Set(inOurs.values());
    const theirsMatched = new Set(inTheirs.values());
    const ourNew = [...o.keys()].filter((j) => !oursMatched.has(j));
    const theirNew = [...t.keys()].filter((j) => !theirsMatched.has(j));
    const bothNew = matchItems(
      ourNew.map((j) => o[j]),
      theirNew.map((j) => t[j]),
    ).map(([x, y]) => [ourNew[x], theirNew[y]] as const);
    for (const [oj, tj] of bothNew) {
      const at = `${key}/${b.length + oj}`;
      kept.push({ o: oj, t: tj, value: merge(undefined, o[oj], t[tj], at, `${op}/${oj}`, `${tp}/${tj}`) });
    }
    const pairedOurs = new Set(bothNew.map(([oj]) => oj));
    const pairedTheirs = new Set(bothNew.map(([, tj]) => tj));
    for (const oj of ourNew) if (!pairedOurs.has(oj)) kept.push({ o: oj, value: o[oj] });
    for (const tj of theirNew) if (!pairedTheirs.has(tj)) kept.push({ t: tj, value: t[tj] });
    // The order of the side that reordered the list (ours when both or neither did); what only the
    // other side has goes after the item it followed there.
    const theirsLeads = movedPairs(ourPairs).size === 0 && movedPairs(theirPairs).size > 0;
    const lead = theirsLeads ? "t" : "o";
    const follow = theirsLeads ? "o" : "t";
    const ordered = kept.filter((k) => k[lead] !== undefined).sort((x, y) => (x[lead] ?? 0) - (y[lead] ?? 0));
    const rest = kept.filter((k) => k[lead] === undefined).sort((x, y) => (x[follow] ?? 0) - (y[follow] ?? 0));
    for (const item of rest) {
      const position = item[follow] ?? 0;
      let after = -1;
      ordered.forEach((k, n) => {
        const at = k[follow];
        if (at !== undefined && at < position) after = n;
      });
      ordered.splice(after + 1, 0, item);
    }
    return ordered.map((k) => k.value);
  };

  const merged = merge(base, ours, theirs, "", "", "");
  return { merged, conflicts, decided };
}
