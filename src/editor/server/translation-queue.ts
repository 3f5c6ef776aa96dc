/**
 * A translator's queue for one language: every English file (and every treatment of a collection
 * folder) with texts untranslated, stale or awaiting review, largest pages first (most texts), so
 * the pages that matter most to readers come first.
 *
 * Each file's counts are kept by the size and time of the English file and its translation: the
 * first call reads everything (about a second at 10,000 treatments), later ones look at the
 * files' stamps and read only what changed.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isStale, type ReviewFields, reviewedKeys, sourceOf, translatedKeys } from "../../shared/i18n/review";
import { documentTexts } from "../../shared/i18n/texts";
import type { QueueItem } from "../shared/api";
import { treatmentFilePath } from "../shared/collection-paths";
import type { ConfigStore } from "./config-store";
import { isTranslation, translationOf } from "./translations";

type Counts = Omit<QueueItem, "path" | "label">;

async function stampOf(file: string): Promise<string> {
  const s = await stat(file).catch(() => undefined);
  return s ? `${s.size}:${s.mtimeMs}` : "none";
}

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, "utf8"));
  } catch {
    return undefined;
  }
}

export class TranslationQueue {
  private readonly english = new Map<string, { stamp: string; texts: { key: string; value: string }[] }>();
  private readonly counts = new Map<string, { stamp: string; counts: Counts }>();

  constructor(private readonly store: ConfigStore) {}

  /** The queue of `lang`: files with something to do, largest first. */
  async of(lang: string): Promise<QueueItem[]> {
    const { store } = this;
    const files = (await store.list()).filter((f) => !isTranslation(store, f.path));
    const entries: { path: string; label: string }[] = [];
    for (const file of files) {
      entries.push({ path: file.path, label: file.label });
      if (file.collection?.storage !== "folder") continue;
      const folder = path.dirname(store.resolve(file.path) ?? "");
      const names = (await readdir(folder).catch(() => [] as string[])).filter(
        (n) => n.endsWith(".json") && n !== "_collection.json",
      );
      for (const name of names.sort())
        entries.push({
          path: treatmentFilePath(file.path, name.slice(0, -".json".length)),
          label: `${file.label}: ${name.slice(0, -".json".length)}`,
        });
    }
    const items: QueueItem[] = [];
    for (const entry of entries) {
      const counts = await this.countsOf(entry.path, lang);
      if (counts && counts.untranslated + counts.stale + counts.awaitingReview > 0) items.push({ ...entry, ...counts });
    }
    return items.sort((a, b) => b.texts - a.texts || (a.path < b.path ? -1 : 1));
  }

  private async countsOf(file: string, lang: string): Promise<Counts | undefined> {
    const absolute = this.store.resolve(file);
    const translation = this.store.resolve(translationOf(this.store, file, lang));
    if (!absolute || !translation) return undefined;
    const englishStamp = await stampOf(absolute);
    let english = this.english.get(file);
    if (english?.stamp !== englishStamp) {
      english = { stamp: englishStamp, texts: documentTexts(await readJson(absolute)) };
      this.english.set(file, english);
    }
    if (english.texts.length === 0) return undefined;
    const stamp = `${englishStamp}|${await stampOf(translation)}`;
    const key = `${lang}\u0000${file}`;
    const kept = this.counts.get(key);
    if (kept?.stamp === stamp) return kept.counts;
    const doc = ((await readJson(translation)) ?? {}) as ReviewFields;
    const translated = new Set(translatedKeys(doc));
    const reviewed = reviewedKeys(doc);
    const counts: Counts = { texts: english.texts.length, untranslated: 0, stale: 0, awaitingReview: 0 };
    for (const text of english.texts) {
      if (!translated.has(text.key)) counts.untranslated++;
      else if (isStale(sourceOf(doc, text.key), text.value)) counts.stale++;
      else if (!reviewed.has(text.key)) counts.awaitingReview++;
    }
    this.counts.set(key, { stamp, counts });
    return counts;
  }
}
