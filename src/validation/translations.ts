/**
 * The checks of translation files (site-config/i18n/{code}/<the English file's path>), which need
 * the English file beside them, and the per-language list of files not translated at all.
 *
 * Errors: a translation for a language site.json does not list, or of a file that does not exist;
 * a key naming no text of the English file (the text was removed or moved) or a value that is not
 * a text (a route, a slug); placeholders that differ from the English; HTML the site would change.
 * Warnings: the texts still missing, each with its place in the English file, summarised per file;
 * each stale text (its English changed since it was translated) with both places; texts whose
 * English source is not recorded; a "status" other than the texts make it; per language, on
 * site.json, the drafts awaiting review (as sample data is listed) and the files with no translation.
 */
import path from "node:path";
import { findHtmlProblems } from "../shared/html/html";
import { keyedTexts } from "../shared/i18n/keys";
import { englishOnly, type Language, siteLanguages } from "../shared/i18n/languages";
import { placeholderMismatch } from "../shared/i18n/placeholders";
import { derivedStatus, isStale, reviewedKeys, sourceOf } from "../shared/i18n/review";
import { documentTexts, hasDocumentTexts } from "../shared/i18n/texts";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { translationKeysOf } from "./document-checks";
import { PositionFinder } from "./positions";
import { childPointer, type UnplacedProblem } from "./problem";
import { closest } from "./suggest";
import { markupIn } from "./text-checks";

type Json = Record<string, unknown>;

/** What the checks need to know about the run. */
export interface TranslationSettings {
  siteRoot: string;
  read: (file: string) => string;
  display: (file: string) => string;
  /**
   * Whether an English file breaks its schema: its own errors come first, and a text it lacks
   * for that reason (a required label cleared in the editor) is not called stale in translations.
   */
  hasSchemaErrors?: (file: string) => boolean;
  /**
   * The pointers of an English file's HTML fields (from its first pass); undefined when unknown,
   * and then a translated text that looks like HTML is checked as HTML.
   */
  htmlFields?: (file: string) => readonly string[] | undefined;
}

/** The site's languages, from site.json as the run reads it (English only when unreadable). */
export function languagesOf(settings: TranslationSettings): Language[] {
  try {
    return siteLanguages(JSON.parse(settings.read(path.join(settings.siteRoot, "site.json"))));
  } catch {
    return englishOnly;
  }
}

/** The language and English file of a path under site-config/i18n/, or undefined for another file. */
export function translationTarget(siteRoot: string, file: string): { lang: string; english: string } | undefined {
  const rel = path.relative(path.join(siteRoot, "i18n"), file).split(path.sep);
  if (rel.length < 2 || rel[0] === ".." || path.isAbsolute(rel[0])) return undefined;
  return { lang: rel[0], english: path.join(siteRoot, ...rel.slice(1)) };
}

function readJson(settings: TranslationSettings, file: string): { text: string; data: unknown } | undefined {
  try {
    const text = settings.read(file);
    return { text, data: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The problems of one translation file, whose parsed content is `json`. */
export function translationChecks(file: string, json: Json, settings: TranslationSettings): UnplacedProblem[] {
  const target = translationTarget(settings.siteRoot, file);
  if (!target) return [];
  const languages = languagesOf(settings);
  const language = languages.find((l) => l.code === target.lang);
  if (!language || language === languages[0]) {
    return [
      problem(
        say.TranslationLanguageUnknown,
        "",
        target.lang,
        languages.slice(1).map((l) => l.code),
      ),
    ];
  }
  const englishShown = settings.display(target.english);
  const english = readJson(settings, target.english);
  if (!english) return [problem(say.TranslationWithoutEnglish, "", englishShown)];
  const englishBroken = settings.hasSchemaErrors?.(target.english) ?? false;
  const known = settings.htmlFields?.(target.english);
  const htmlFields = known ? new Set(known) : undefined;

  const problems: UnplacedProblem[] = [];
  const texts = new Map(documentTexts(english.data).map((t) => [t.key, t]));
  const every = new Map(keyedTexts(english.data).map((t) => [t.key, t]));
  const strings = json.strings !== null && typeof json.strings === "object" ? (json.strings as Json) : {};
  for (const [key, value] of Object.entries(strings)) {
    if (typeof value !== "string") continue;
    const at = childPointer("/strings", key);
    const text = texts.get(key);
    if (!text) {
      const other = every.get(key);
      // An English text left empty or removed by a mistake its own file's checks name is still a text.
      if ((other && other.value.trim() === "") || (!other && englishBroken)) continue;
      problems.push(
        other
          ? { ...problem(say.UntranslatableKey, at, key, other.value, englishShown), at: "key" }
          : {
              ...problem(say.StaleTranslationKey, at, key, englishShown, closest(key, [...texts.keys()])),
              at: "key",
              // Folded under a duplicate slug in the English file, when that is why (document-checks.ts).
              missing: translationKeysOf(target.english),
            },
      );
      continue;
    }
    const mismatch = placeholderMismatch(text.value, value);
    if (mismatch) problems.push(problem(say.TranslationPlaceholders, at, key, text.value, mismatch));
    else if (htmlFields?.has(text.pointer) === false) {
      // A plain-text field shows its text as typed, in every language.
      const tag = markupIn(value);
      if (tag) problems.push(problem(say.MarkupInPlainText, at, tag));
    } else if (/[<&]/.test(value)) {
      const html = findHtmlProblems(value);
      if (html.length > 0) problems.push(problem(say.TranslationHtml, at, key, html));
    }
  }
  let finder: PositionFinder | undefined;
  const placeOf = (pointer: string) => {
    finder ??= new PositionFinder(english.text);
    const { line, column } = finder.of(pointer);
    return `${englishShown}:${line}:${column}`;
  };
  const missing = [...texts.values()].filter((t) => !Object.hasOwn(strings, t.key));
  if (missing.length > 0) {
    const named = missing.map((t) => `'${t.key}' (${placeOf(t.pointer)})`);
    problems.push(problem(say.MissingTranslations, "/strings", language.englishName, englishShown, named, texts.size));
  }
  problems.push(...reviewProblems(json, texts, language.englishName, [englishShown, settings.display(file)], placeOf));
  return problems;
}

/**
 * Per text: a translation whose English changed since (stale), with the English text's place;
 * per file: texts with no recorded source, and a "status" that says other than the texts. Only
 * texts with a recorded source are hashed, each once (0.74 s for 10,000 translated treatment pages).
 */
function reviewProblems(
  json: Json,
  texts: ReadonlyMap<string, { pointer: string; value: string }>,
  language: string,
  [englishShown, shown]: [english: string, translation: string],
  placeOf: (pointer: string) => string,
): UnplacedProblem[] {
  const problems: UnplacedProblem[] = [];
  const unknown: string[] = [];
  let translated = 0;
  const strings = (json.strings ?? {}) as Json;
  for (const [key, value] of Object.entries(strings)) {
    const text = texts.get(key);
    if (!text || typeof value !== "string" || value.trim() === "") continue;
    translated++;
    const recorded = sourceOf(json, key);
    if (recorded === undefined) unknown.push(key);
    else if (isStale(recorded, text.value)) {
      const place = `${placeOf(text.pointer)} -> ${text.pointer}`;
      problems.push(
        problem(say.StaleTranslation, childPointer("/strings", key), key, language, place, text.value, shown),
      );
    }
  }
  if (unknown.length > 0)
    problems.push(problem(say.TranslationSourcesUnknown, "/strings", englishShown, unknown, translated));
  const derived = derivedStatus(json);
  if (typeof json.status === "string" && json.status !== derived) {
    const reviewed = reviewedKeys(json);
    const unreviewed = Object.keys(strings).filter((k) => !reviewed.has(k)).length;
    problems.push(problem(say.TranslationStatusDiffers, "/status", json.status, derived, unreviewed));
  }
  return problems;
}

/**
 * Per language, on site.json's `languages` entry: the drafts, and the files with texts that have
 * no translation into it. `siteFiles` are every file of the site folder; `textsIn` says, from the
 * first pass (kept between builds), whether one holds texts, so ten thousand files are not read
 * again on every build.
 */
export function untranslatedFileWarnings(
  siteFiles: readonly string[],
  settings: TranslationSettings,
  /** What the first pass found (undefined: not known, the file is read). */
  textsIn: (file: string) => boolean | undefined = () => undefined,
  /** Whether a translation is a draft, from the first pass (undefined: not known, the file is read). */
  draftIn: (file: string) => boolean | undefined = () => undefined,
): UnplacedProblem[] {
  const languages = languagesOf(settings);
  const i18n = path.join(settings.siteRoot, "i18n") + path.sep;
  const english = siteFiles.filter((f) => !f.startsWith(i18n));
  const translated = new Set(siteFiles.filter((f) => f.startsWith(i18n)));
  const withTexts = english.filter((f) => {
    const known = textsIn(f);
    if (known !== undefined) return known;
    const doc = readJson(settings, f);
    return doc !== undefined && hasDocumentTexts(doc.data);
  });
  // Site files are under the site folder: their paths below it are cut off, not worked out by
  // path.relative and path.join for each file and language (10,000 treatments: a tenth of a
  // one-change build's validation).
  const sitePrefix = path.resolve(settings.siteRoot) + path.sep;
  const below = (f: string, from: string) =>
    f.startsWith(`${from}${path.sep}`) ? f.slice(from.length + 1) : path.relative(from, f);
  return languages.slice(1).flatMap((language, i) => {
    const folder = path.join(settings.siteRoot, "i18n", language.code);
    const missing = withTexts.filter((f) => {
      if (!f.startsWith(sitePrefix)) return !translated.has(path.join(folder, path.relative(settings.siteRoot, f)));
      return !translated.has(`${folder}${path.sep}${f.slice(sitePrefix.length)}`);
    });
    const shown = (files: string[], from: string) => files.map((f) => below(f, from).split(path.sep).join("/"));
    const drafts = [...translated].filter(
      (f) =>
        f.startsWith(folder + path.sep) &&
        (draftIn(f) ?? derivedStatus((readJson(settings, f)?.data ?? {}) as Json) === "draft"),
    );
    const at = `/languages/${i + 1}`;
    return [
      ...(drafts.length > 0 ? [problem(say.DraftTranslations, at, language.englishName, shown(drafts, folder))] : []),
      ...(missing.length > 0
        ? [problem(say.UntranslatedFiles, at, language.englishName, language.code, shown(missing, settings.siteRoot))]
        : []),
    ];
  });
}
