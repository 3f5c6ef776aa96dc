/**
 * Follow-on errors folded under the error that causes them. One mistake often breaks references
 * in files that are fine: a treatment's slug changed alone leaves its collection's aliases and
 * source credits, and the menu's link to it, pointing at the old slug. Reported one by one, those
 * send people to edit the files that are right. Here they go under their cause, which is reported
 * in the file that changed.
 *
 * A cause is known in two ways: a check that sees a change says what it explains (a slug whose
 * page path still ends in the old one: page-addresses.ts), or several references name one missing
 * thing that is close to something defined, which was then most likely renamed (one definition
 * changed, rather than the same typo made several times). Only most likely: a suggestion must
 * never point a correct file at a mistake, so a definition is not blamed when anything still uses
 * it as it is (it was not renamed: the references are wrong), nor when the references are all in
 * one file (one typo copied within it, `/our-doctorz` twice in the menu); each reference then says
 * "did you mean" the definition.
 */
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { UnplacedProblem } from "./problem";

/** The problems of one file, before placing. */
export interface FileProblems {
  file: string;
  problems: UnplacedProblem[];
}

/** A problem elsewhere, folded under a cause. */
export interface FollowOn {
  file: string;
  problem: UnplacedProblem;
}

/** Where something that a missing key most likely meant is defined. */
export interface Definition {
  file: string;
  pointer: string;
  /** What it is, in words: "treatment slug", "route". */
  what: string;
  value: string;
  missing: string;
}

/**
 * Moves follow-ons under their causes, in place: they leave their file's list. Returns the
 * follow-ons of each cause. `definitionOf` finds the likely renamed definition of a missing key.
 */
export function foldFollowOns(
  files: FileProblems[],
  definitionOf: (missing: string) => Definition | undefined,
  /** Whether a reference somewhere uses this definition's value as it is. */
  inUse: (definition: Definition) => boolean = () => false,
): Map<UnplacedProblem, FollowOn[]> {
  const folded = new Map<UnplacedProblem, FollowOn[]>();
  const causes = new Map<string, UnplacedProblem>();
  for (const { problems } of files)
    for (const p of problems) for (const key of p.explains ?? []) if (!causes.has(key)) causes.set(key, p);

  const orphans = new Map<string, FollowOn[]>();
  for (const entry of files) {
    entry.problems = entry.problems.filter((p) => {
      if (!p.missing) return true;
      const cause = causes.get(p.missing);
      if (cause) {
        push(folded, cause, { file: entry.file, problem: p });
        return false;
      }
      push(orphans, p.missing, { file: entry.file, problem: p });
      return true;
    });
  }

  // Several references to one missing thing, close to one definition: the definition was renamed.
  for (const [missing, group] of orphans) {
    if (group.length < 2 || new Set(group.map((g) => g.file)).size < 2) continue;
    const definition = definitionOf(missing);
    const home = definition && files.find((f) => f.file === definition.file);
    if (!definition || !home || inUse(definition)) continue;
    const made = problem(
      say.RenamedTarget,
      definition.pointer,
      definition.what,
      definition.value,
      definition.missing,
      group.length,
    );
    home.problems.push(made);
    folded.set(made, group);
    const moved = new Set(group.map((g) => g.problem));
    for (const f of files) f.problems = f.problems.filter((p) => !moved.has(p));
  }

  for (const [cause, followOns] of folded) if (cause.reword) cause.message = cause.reword(followOns.length);
  return folded;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
