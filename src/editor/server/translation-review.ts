/**
 * Translation review per text in the editor (src/shared/i18n/review.ts): each text's state for the
 * translator's view, and a reviewer's marks. Only the review route adds marks (a save keeps them
 * the server's, translation-save.ts), and the hosted server lets only reviewers call it.
 */
import path from "node:path";
import {
  derivedStatus,
  isStale,
  type ReviewFields,
  reviewedKeys,
  sourceHash,
  sourceOf,
  translatedKeys,
} from "../../shared/i18n/review";
import { documentTexts } from "../../shared/i18n/texts";
import type { ReviewRequest, ReviewResponse, TextState, TranslationStateResponse } from "../shared/api";
import { printJson } from "../shared/json-format";
import { writeFileAtomic } from "./atomic-write";
import { HttpError } from "./http-error";
import type { OnWritten, SiteApi } from "./site-api";
import { oldEnglishTexts } from "./translation-history";
import { englishTexts } from "./translation-save";
import { translationOf } from "./translations";

type Json = Record<string, unknown>;

/** Each text of `english` in `lang`: its translation, its state, and for a stale one the English it was made from. */
export async function translationState(
  site: SiteApi,
  english: unknown,
  lang: unknown,
): Promise<TranslationStateResponse> {
  const { store } = site;
  const file = String(english);
  const stored = await store.read(file);
  const translationPath = translationOf(store, file, String(lang));
  const saved = await store.read(translationPath).catch(() => undefined);
  const translation = JSON.parse(saved?.text ?? "{}") as ReviewFields;
  const reviewed = reviewedKeys(translation);
  const translated = new Set(translatedKeys(translation));
  const texts: TextState[] = documentTexts(JSON.parse(stored.text)).map((t) => {
    const source = sourceOf(translation, t.key);
    const state: TextState["state"] = !translated.has(t.key)
      ? "untranslated"
      : isStale(source, t.value)
        ? "stale"
        : reviewed.has(t.key)
          ? "reviewed"
          : "awaiting-review";
    return { key: t.key, english: t.value, state, source: source ?? null, current: sourceHash(t.value) };
  });
  const wanted = new Map(texts.filter((t) => t.state === "stale").map((t) => [t.key, t.source as string]));
  const absolute = path.join(store.siteRoot, file.slice(store.prefix.length + 1));
  const old = wanted.size > 0 ? await oldEnglishTexts(absolute, wanted) : new Map<string, string>();
  for (const text of texts) if (text.state === "stale") text.oldEnglish = old.get(text.key) ?? null;
  return { path: translationPath, texts };
}

/**
 * Marks texts of a translation reviewed (all its translated texts that are not stale, when the
 * request names none), writes the file and reports it. A stale text cannot be reviewed: its
 * translation must be updated first.
 */
export async function markReviewed(site: SiteApi, body: ReviewRequest, written?: OnWritten): Promise<ReviewResponse> {
  const { store } = site;
  if (!body || typeof body.path !== "string" || typeof body.lang !== "string")
    throw new HttpError(400, "The request names no file ('path') or no language ('lang').");
  const file = translationOf(store, body.path, body.lang);
  return site.serialised(file, async () => {
    const stored = await store.read(file).catch(() => {
      throw new HttpError(404, `${body.path} has no translation into '${body.lang}' yet: there is nothing to review.`);
    });
    const doc = JSON.parse(stored.text) as Json & ReviewFields;
    const texts = await englishTexts(store, body.path);
    const translated = translatedKeys(doc).filter((k) => texts.has(k));
    const fresh = translated.filter((k) => !isStale(sourceOf(doc, k), texts.get(k) as string));
    const asked = Array.isArray(body.keys) ? body.keys.map(String) : fresh;
    const refused = asked.filter((k) => !fresh.includes(k));
    if (refused.length > 0)
      throw new HttpError(
        409,
        `Not marked: ${refused.map((k) => `'${k}'`).join(", ")} ${refused.length === 1 ? "is" : "are"} not translated, or stale (the English changed since): update the translation first.`,
      );
    const marked = new Set([...reviewedKeys(doc), ...asked]);
    const reviewed = translated.filter((k) => marked.has(k));
    // A text reviewed now was checked against today's English: it records it if it had no source.
    const sources: Record<string, unknown> = { ...(doc.sources ?? {}) };
    for (const key of asked) sources[key] ??= sourceHash(texts.get(key) as string);
    const status = derivedStatus({ strings: doc.strings, reviewed });
    const text = printJson({ ...doc, status, sources, reviewed }, stored.text);
    if (text !== stored.text) {
      await writeFileAtomic(stored.absolute, text);
      site.wrote(stored.absolute);
      await written?.([{ path: file, before: stored.text, after: text }]);
    }
    return { path: file, marked: asked.length, status };
  });
}
