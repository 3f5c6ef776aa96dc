/**
 * What a save of a translation records (src/shared/i18n/review.ts): for each text whose
 * translation changed, the English it was made from now, and its review mark taken off; the marks
 * a person sends are ignored (only the review route, translation-review.ts, adds them).
 */
import { type ReviewFields, stampedAfterSave } from "../../shared/i18n/review";
import { documentTexts } from "../../shared/i18n/texts";
import type { ConfigStore } from "./config-store";

type Json = Record<string, unknown>;

/** The English file (editor path) of a translation's editor path, and its language. */
export function englishOf(store: ConfigStore, translation: string): { english: string; lang: string } | undefined {
  const match = new RegExp(`^${store.prefix}/i18n/([^/]+)/(.+)$`).exec(translation);
  return match ? { english: `${store.prefix}/${match[2]}`, lang: match[1] } : undefined;
}

/** The texts of an English file by key (none when it cannot be read). */
export async function englishTexts(store: ConfigStore, english: string): Promise<Map<string, string>> {
  const stored = await store.read(english).catch(() => undefined);
  if (!stored) return new Map();
  return new Map(documentTexts(JSON.parse(stored.text)).map((t) => [t.key, t.value]));
}

/**
 * A translation as it will be saved: `data` with the review fields a save leaves (before: the
 * file's text on disk). Any other file is returned as it is.
 */
export async function stampTranslation(store: ConfigStore, file: string, before: string, data: Json): Promise<Json> {
  const target = englishOf(store, file);
  if (!target) return data;
  const texts = await englishTexts(store, target.english);
  let old: ReviewFields | undefined;
  try {
    old = JSON.parse(before) as ReviewFields;
  } catch {
    old = undefined;
  }
  const stamped = stampedAfterSave(old, data as ReviewFields, (key) => texts.get(key));
  return { ...data, status: stamped.status, sources: stamped.sources, reviewed: stamped.reviewed };
}
