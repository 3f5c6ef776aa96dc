/**
 * The English a stale translation was made from, found in the git history of the English file: the
 * newest version whose text at that key has the hash the translation recorded.
 *
 * Why history rather than a copy of the old English in the translation file: the translation file
 * stays as small and readable as it was (an 8-digit hash per text rather than every English
 * sentence twice), the repository already keeps every version of the English (it is the site's
 * source of truth, the hosted editor commits each save), and the cost is paid only when a stale
 * text is opened. When the version is not in the history (a file changed by hand before its first
 * commit, a shallow clone), the translator sees the new English and the translation, and is told.
 */
import path from "node:path";
import { sourceHash } from "../../shared/i18n/review";
import { documentTexts } from "../../shared/i18n/texts";
import { git, gitText, textsAt } from "./changes/git";

/** How many of the English file's past versions are searched, newest first. */
const maxVersions = 100;

/**
 * For each key of `wanted` (key -> recorded hash), the English text it had when the hash was
 * recorded, from the history of `file` (an absolute path in a git working tree); keys not found
 * are left out, and so is everything when the folder is not a git repository.
 */
export async function oldEnglishTexts(file: string, wanted: ReadonlyMap<string, string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const dir = path.dirname(file);
  let top: string;
  try {
    top = await gitText(dir, ["rev-parse", "--show-toplevel"]);
  } catch {
    return found;
  }
  const relative = path.relative(top, file).split(path.sep).join("/");
  const log = await git(top, ["log", `-n${maxVersions}`, "--format=%H", "--", relative], { okCodes: [128] });
  const commits = log.stdout.split("\n").filter(Boolean);
  // A few versions at a time: most stale texts are found in the first ones.
  for (let i = 0; i < commits.length && found.size < wanted.size; i += 10) {
    const texts = await textsAt(
      top,
      commits.slice(i, i + 10).map((c) => `${c}:${relative}`),
    );
    for (const text of texts) {
      if (text === undefined) continue;
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        continue;
      }
      const missing = (key: string) => wanted.has(key) && !found.has(key);
      for (const t of documentTexts(doc, (t) => missing(t.key)))
        if (sourceHash(t.value) === wanted.get(t.key)) found.set(t.key, t.value);
      if (found.size === wanted.size) break;
    }
  }
  return found;
}
