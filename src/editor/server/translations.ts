/**
 * What the editor needs of translations: the site's languages, how many texts of each English
 * file are still untranslated in each language (the file list shows them), and a translation
 * file to edit, made (empty, a draft) the first time someone translates that file.
 */
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Language, siteLanguages, translationPath } from "../../shared/i18n/languages";
import { documentTexts } from "../../shared/i18n/texts";
import { collectionPlace, treatmentFilePath } from "../shared/collection-paths";
import type { ConfigStore } from "./config-store";

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** The site's languages, from site.json (English only when it lists none). */
export async function languagesOf(store: ConfigStore): Promise<Language[]> {
  const site = (await readJson(path.join(store.siteRoot, "site.json"))) as { languages?: Language[] } | undefined;
  return siteLanguages(site ?? {});
}

/** Whether an editor path is a translation (under site-config/i18n/). */
export const isTranslation = (store: ConfigStore, file: string) => file.startsWith(`${store.prefix}/i18n/`);

/** The editor path of a file's translation into `lang`. */
export const translationOf = (store: ConfigStore, file: string, lang: string) =>
  `${store.prefix}/${translationPath(file.slice(store.prefix.length + 1), lang)}`;

/**
 * For each file, per language other than the default, how many of its texts have no translation.
 * With `kept` (a FolderUntranslated), files are read again only when they or their translations change.
 */
export async function untranslatedCounts(
  store: ConfigStore,
  files: readonly string[],
  languages: readonly Language[],
  kept: FolderUntranslated = new FolderUntranslated(store),
): Promise<Record<string, Record<string, number>>> {
  // All at once: one after another, a hundred files' stats wait in line behind everyone's requests.
  const found = await Promise.all(
    files.map(async (file) => {
      const english = await kept.keysOf(file);
      if (english.keys.length === 0) return undefined;
      const codes = languages.slice(1).map((l) => l.code);
      const numbers = await Promise.all(codes.map((code) => kept.count(file, english, code)));
      return [file, Object.fromEntries(codes.map((code, i) => [code, numbers[i]]))] as const;
    }),
  );
  const counts: Record<string, Record<string, number>> = {};
  for (const entry of found) if (entry) counts[entry[0]] = entry[1];
  return counts;
}

/** The keys of an English document's texts. */
const textKeys = (english: unknown) => documentTexts(english).map((t) => t.key);

/** How many of the texts `keys` name have no translation among `strings`. */
const missing = (keys: readonly string[], strings: Record<string, unknown>) =>
  keys.filter((key) => typeof strings[key] !== "string" || strings[key] === "").length;

/**
 * For the treatments of a collection folder's list (a page of it, 50 at most): how many of each
 * one's texts have no translation into `lang`, by slug. Each is its own file, and so is each
 * translation: the list reads the page's, never the whole collection.
 */
export async function treatmentsUntranslated(
  store: ConfigStore,
  items: readonly { slug: string; path?: string }[],
  lang: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await Promise.all(
    items.map(async ({ slug, path: file }) => {
      if (!file) return;
      const english = await readJson(store.resolve(file) ?? "");
      if (english === undefined) return;
      const doc = (await readJson(store.resolve(translationOf(store, file, lang)) ?? "")) as
        | { strings?: Record<string, unknown> }
        | undefined;
      counts[slug] = missing(textKeys(english), doc?.strings ?? {});
    }),
  );
  return counts;
}

/**
 * The untranslated texts of a collection folder's treatments, in all, per language. Each
 * treatment's count is kept by the size and time of its file and its translation: the first call
 * reads every treatment (about a second at 10,000), later ones look at the files' stamps only.
 * The file list asks for it after it has painted (GET untranslated).
 */
export class FolderUntranslated {
  /** Each English file's text keys, by its stamp (read once for every language). */
  private readonly texts = new Map<string, { stamp: string; keys: string[] }>();
  /** Each (language, file)'s count, by the stamps of the file and its translation. */
  private readonly counts = new Map<string, { stamp: string; count: number }>();

  constructor(private readonly store: ConfigStore) {}

  /** Per language other than the default: the untranslated texts of the folder's settings and treatments. */
  async totals(settingsFile: string, languages: readonly Language[]): Promise<Record<string, number>> {
    const place = collectionPlace(settingsFile);
    const folder = this.store.resolve(settingsFile);
    if (place?.storage !== "folder" || place.slug || !folder) return {};
    const files = (await readdir(path.dirname(folder))).filter((name) => name.endsWith(".json"));
    const codes = languages.slice(1).map((l) => l.code);
    const totals: Record<string, number> = Object.fromEntries(codes.map((code) => [code, 0]));
    for (const name of files) {
      const file = treatmentFilePath(settingsFile, name.slice(0, -".json".length));
      const english = await this.keysOf(file);
      for (const code of codes) totals[code] += await this.count(file, english, code);
    }
    return totals;
  }

  /** An English file's text keys, read again when it changes. */
  async keysOf(file: string): Promise<{ stamp: string; keys: string[] }> {
    const absolute = this.store.resolve(file) ?? "";
    const stamp = await stampOf(absolute);
    const kept = this.texts.get(file);
    if (kept?.stamp === stamp) return kept;
    const read = { stamp, keys: textKeys(await readJson(absolute)) };
    this.texts.set(file, read);
    return read;
  }

  /** How many of an English file's texts have no translation into `lang`, counted again when either changes. */
  async count(file: string, english: { stamp: string; keys: string[] }, lang: string): Promise<number> {
    const translation = this.store.resolve(translationOf(this.store, file, lang)) ?? "";
    const stamp = `${english.stamp}|${await stampOf(translation)}`;
    const key = `${lang}\u0000${file}`;
    const kept = this.counts.get(key);
    if (kept?.stamp === stamp) return kept.count;
    const doc = (await readJson(translation)) as { strings?: Record<string, unknown> } | undefined;
    const count = missing(english.keys, doc?.strings ?? {});
    this.counts.set(key, { stamp, count });
    return count;
  }
}

async function stampOf(file: string): Promise<string> {
  try {
    const s = await stat(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "none";
  }
}

/**
 * Makes the translation of `file` into `lang` if there is none yet: a draft with no strings, which
 * the validator accepts (every text then shows in English). Returns its editor path.
 */
export async function ensureTranslation(store: ConfigStore, file: string, lang: string): Promise<string> {
  const target = translationOf(store, file, lang);
  const absolute = store.resolve(target);
  if (!absolute) throw new Error(`'${file}' cannot have a translation.`);
  if (!existsSync(absolute)) {
    const depth = target.split("/").length - 1;
    const doc = {
      $schema: `${"../".repeat(depth)}schemas/translation.schema.json`,
      status: "draft",
      strings: {},
      sources: {},
      reviewed: [],
    };
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, `${JSON.stringify(doc, null, 2)}\n`, { flag: "wx" }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== "EEXIST") throw error;
      },
    );
  }
  return target;
}
