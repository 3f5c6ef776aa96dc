/**
 * A result's text with the words it was found by marked: the text cut into runs, each a word the
 * search found (to show in <mark>) or the text between. Words compare as the index compares them
 * (src/shared/search/words.ts), so "Knee" in the text matches "knee" found, and a Telugu word
 * typed with a zero-width non-joiner matches it typed without.
 */
import { searchWords } from "../../shared/search/words";

export interface Run {
  text: string;
  found: boolean;
}

const wordRuns = /([\p{L}\p{M}\p{N}\u200c\u200d]+)/u;

/** The text's runs; `found` holds the index's words. */
export function markFound(text: string, found: ReadonlySet<string>): Run[] {
  const runs: Run[] = [];
  for (const [i, part] of text.split(wordRuns).entries()) {
    if (part === "") continue;
    // split() with a capturing group puts the words at the odd places.
    const isFound = i % 2 === 1 && found.has(searchWords(part)[0] ?? "");
    const last = runs[runs.length - 1];
    if (last && !last.found && !isFound) last.text += part;
    else runs.push({ text: part, found: isFound });
  }
  return runs;
}

/** Whether any of the text's words was found. */
export const hasFound = (text: string, found: ReadonlySet<string>) => markFound(text, found).some((run) => run.found);
