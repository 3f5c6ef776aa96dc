/**
 * Publish readiness: the values a site declares as placeholders (site-config/placeholders.json)
 * found in its files, and the entries its files mark "sample". Both are data, not guesses: the
 * validator looks for nothing else, so a real site with no declarations and no sample entries
 * has nothing to report, and a demonstration says exactly what must change before it goes live.
 * string-checks.ts looks for both in every document.
 */
import path from "node:path";

/** One declared placeholder (an entry of placeholders.json). */
export interface PlaceholderRule {
  text: string;
  match: "whole" | "part";
  replaceWith: string;
}

/** The file that declares a site's placeholders, in its site folder. */
export const placeholdersFile = "placeholders.json";

/**
 * The placeholders a site declares, read with `read` (disk or overlay). A missing file declares
 * none; a file that cannot be used declares none either, and its own validation says why.
 */
export function readPlaceholders(siteRoot: string, read: (file: string) => string): PlaceholderRule[] {
  let data: unknown;
  try {
    data = JSON.parse(read(path.join(siteRoot, placeholdersFile)));
  } catch {
    return [];
  }
  const list = (data as { placeholders?: unknown } | null)?.placeholders;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (r): r is PlaceholderRule =>
      !!r &&
      typeof r.text === "string" &&
      r.text.trim() !== "" &&
      (r.match === "whole" || r.match === "part") &&
      typeof r.replaceWith === "string",
  );
}

/** The first rule a text breaks, in the order the file declares them (specific ones first). */
export function placeholderIn(text: string, rules: readonly PlaceholderRule[]): PlaceholderRule | undefined {
  if (!quickTestOf(rules)(text)) return undefined;
  return rules.find((rule) => (rule.match === "whole" ? text === rule.text : text.includes(rule.text)));
}

/** Each list of rules' quick test (see quickTestOf). */
const quickTests = new WeakMap<readonly PlaceholderRule[], (text: string) => boolean>();

/**
 * Whether a text may break one of the rules: one lookup of the whole texts, then a search for each
 * part (a regular expression of the parts searched long HTML texts slower than this), where
 * asking each rule in turn cost a tenth of the validator's time over 10,000 files.
 */
function quickTestOf(rules: readonly PlaceholderRule[]): (text: string) => boolean {
  let test = quickTests.get(rules);
  if (!test) {
    const whole = new Set(rules.filter((r) => r.match === "whole").map((r) => r.text));
    const parts = rules.filter((r) => r.match === "part").map((r) => r.text);
    test = (text) => whole.has(text) || parts.some((part) => text.includes(part));
    quickTests.set(rules, test);
  }
  return test;
}

/** What a list's entries are called in a sample entry's message, by the list's name. */
const entryKinds: Record<string, string> = {
  branches: "branch",
  doctors: "doctor profile",
  packages: "health package",
  posts: "blog post",
  people: "profile",
  items: "item",
};

/** The word for an entry of the list `list` ("branch"; "entry" for lists without one of their own). */
export const entryKind = (list: string) => (Object.hasOwn(entryKinds, list) ? entryKinds[list] : "entry");
