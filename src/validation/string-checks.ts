/**
 * The checks every string of a file gets, in one walk of the document: the text rule
 * (text-checks.ts), markup in a plain-text field, declared placeholders and entries marked
 * "sample" (placeholders.ts). The file's text says first which of them can find anything
 * (text-screen.ts); a file where none can is not walked at all. A string's pointer, and its key
 * (keys.ts, which decides whether it is a text a reader sees), are made only for what is found.
 */
import { entrySegments } from "../shared/i18n/keys";
import { isTextKey, readerSeesNone } from "../shared/i18n/texts";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { entryKind } from "./placeholders";
import { childPointer, type UnplacedProblem } from "./problem";
import { markupIn, refusedIn } from "./text-checks";
import type { TextScreen } from "./text-screen";

/** What the walk found, by check, each in document order. */
export interface StringProblems {
  /** Strings that break the text rule. */
  refused: UnplacedProblem[];
  /** Markup in a plain-text field that a reader sees. */
  markup: UnplacedProblem[];
  /** Declared placeholders, and entries marked "sample". */
  placeholders: UnplacedProblem[];
}

/**
 * Walks the strings of `data` for what `screen` says may be there. `html` holds the pointers of
 * its HTML fields; without it, markup is not looked for (a translation's is checked against its
 * English field, translations.ts).
 */
export function stringProblems(data: unknown, screen: TextScreen, html?: ReadonlySet<string>): StringProblems {
  const found: StringProblems = { refused: [], markup: [], placeholders: [] };
  const markup = screen.markup && html !== undefined && !readerSeesNone(data);
  const rules = screen.placeholders;
  if (!screen.refused && !markup && rules.length === 0 && !screen.sample) return found;
  // A string is compared with the placeholders declared whole only when it has one's length, and
  // with them all, in their order, only when it may hold one (most strings hold none).
  // A part is searched for until as many strings hold it as the screen allows for (partCounts).
  const parts: string[] = [];
  const left: number[] = [];
  let partsLeft = 0;
  const wholeLengths = new Set<number>();
  for (const rule of rules) {
    if (rule.match === "whole") wholeLengths.add(rule.text.length);
    else {
      parts.push(rule.text);
      const count = screen.partCounts?.get(rule) ?? Number.POSITIVE_INFINITY;
      left.push(count);
      if (count > 0) partsLeft++;
    }
  }
  const mayHold = (value: string) => {
    let holds = wholeLengths.has(value.length);
    if (partsLeft > 0)
      for (let i = 0; i < parts.length; i++)
        if (left[i] > 0 && value.includes(parts[i])) {
          holds = true;
          if (--left[i] === 0) partsLeft--;
        }
    return holds;
  };
  const refused = screen.refused;
  const sample = screen.sample;
  const looked = rules.length > 0;

  // The path to the value being walked: each step's container and its key or index there.
  const containers: unknown[] = [];
  const steps: (string | number)[] = [];
  const pointer = () => {
    let at = "";
    for (const step of steps) at = childPointer(at, step);
    return at;
  };
  // A list's entries are keyed by their names where they have them (keys.ts): worked out only
  // for the lists of a string that is asked its key.
  const segmentsOf = new Map<unknown[], string[]>();
  const key = () =>
    steps
      .map((step, i) => {
        const container = containers[i];
        if (!Array.isArray(container)) return step as string;
        let segments = segmentsOf.get(container);
        if (!segments) {
          segments = entrySegments(container);
          segmentsOf.set(container, segments);
        }
        return segments[step as number];
      })
      .join(".");

  const visitString = (value: string, inSchema: boolean) => {
    if (refused) {
      const characters = refusedIn(value);
      if (characters.length > 0) found.refused.push(problem(say.RefusedCharacter, pointer(), characters));
    }
    if (inSchema) return;
    if (markup && value.includes("<")) {
      const tag = markupIn(value);
      if (tag !== undefined) {
        const at = pointer();
        if (!html.has(at) && isTextKey(key(), value)) found.markup.push(problem(say.MarkupInPlainText, at, tag));
      }
    }
    if (looked && mayHold(value)) {
      for (const rule of rules) {
        if (rule.match === "whole" ? value !== rule.text : !value.includes(rule.text)) continue;
        found.placeholders.push(problem(say.Placeholder, pointer(), value, rule.text, rule.replaceWith));
        break;
      }
    }
  };

  // `inSchema`: under a "$schema" property, which only the text rule reads. `list`: the name of
  // the list an entry is in, for a sample entry's message. The walk is most of a treatment file's
  // string checks: it looks at a child only by its type, and a list's name only when entries may
  // be marked "sample".
  const walk = (value: object, inSchema: boolean, list: string | undefined) => {
    const record = value as Record<string, unknown>;
    if (sample && !inSchema && record.sample === true && list !== undefined && !Array.isArray(value)) {
      const name = String(record.name ?? record.title ?? record.slug ?? "This entry");
      found.placeholders.push(problem(say.SampleEntry, childPointer(pointer(), "sample"), name, entryKind(list)));
    }
    const depth = steps.length;
    containers.push(value);
    steps.push(0);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (typeof child === "string") {
          steps[depth] = i;
          visitString(child, inSchema);
        } else if (child !== null && typeof child === "object") {
          steps[depth] = i;
          walk(child, inSchema, list);
        }
      }
    } else {
      // A parsed document's objects are plain, their names all their own: `for in` takes them in
      // Object.keys' order without making a list of them for every object.
      for (const name in record) {
        const child = record[name];
        if (typeof child === "string") {
          steps[depth] = name;
          visitString(child, inSchema || name === "$schema");
        } else if (child !== null && typeof child === "object") {
          steps[depth] = name;
          walk(child, inSchema || name === "$schema", sample && Array.isArray(child) ? name : undefined);
        }
      }
    }
    containers.pop();
    steps.pop();
  };
  if (typeof data === "string") visitString(data, false);
  else if (data !== null && typeof data === "object") walk(data, false, undefined);
  return found;
}
