/**
 * Lists that blocks show from files of their own (blog posts, health packages, doctors), in the
 * page's language. Their translations load with the page whose blocks show them (route-data.ts),
 * so a block reads them without waiting, and a page without such a block loads none.
 */
import { use, useMemo } from "react";
import { useFallbackLang, useLanguage } from "./context";
import { defaultLanguage } from "./languages";
import { applyStrings, stringsIn } from "./lazy-translations";

/** Translated lists by English list and language: each is translated once. */
const cache = new WeakMap<object, Map<string, { items: unknown[]; english: string[] }>>();

/**
 * `list` (the `key` list of `file`: 'posts' of blog-posts.json) in the page's language, with the
 * texts left in English. Keys are the file's own ('posts.{slug}.title').
 */
export function useListIn<T>(file: string, key: string, list: T[]): { items: T[]; english: string[] } {
  const lang = useLanguage();
  const strings = use(stringsIn(file, lang));
  return useMemo(() => {
    if (lang === defaultLanguage) return { items: list, english: [] };
    const byLanguage = cache.get(list) ?? new Map();
    cache.set(list, byLanguage);
    const cached = byLanguage.get(lang) as { items: T[]; english: string[] } | undefined;
    if (cached) return cached;
    const { doc, english } = applyStrings({ [key]: list }, strings);
    const result = { items: doc[key] as T[], english };
    byLanguage.set(lang, result);
    return result;
  }, [lang, key, list, strings]);
}

/**
 * `useListIn`, with the `lang` to give the element showing a text: 'en' for the list's texts left
 * in English, as for the page's own.
 */
export function useListLang<T>(file: string, key: string, list: T[]) {
  const { items, english } = useListIn(file, key, list);
  const pageLangOf = useFallbackLang();
  const lang = useLanguage();
  const set = useMemo(() => new Set(english), [english]);
  const langOf = (text: string | undefined) =>
    text !== undefined && lang !== defaultLanguage && set.has(text) ? defaultLanguage : pageLangOf(text);
  return { items, langOf };
}
