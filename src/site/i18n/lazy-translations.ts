/**
 * Translations, as the app reaches them: in the default language at once and with nothing to
 * load; in another, through the translation runtime (translation-runtime.ts), a chunk loaded on
 * that language's first page. The app carries this gateway, not the runtime.
 */
import type { Translated } from "../../shared/i18n/keys";
import { fulfilled, memoLoader, type Tracked, track } from "../tracked";
import { defaultLanguage } from "./languages";

type Runtime = typeof import("./translation-runtime");
type Strings = Readonly<Record<string, string>>;

let runtime: Runtime | undefined;
let loading: Promise<Runtime> | undefined;

/** The translation runtime, loaded once (by the first page in another language). */
export function loadRuntime(): Promise<Runtime> {
  loading ??= import("./translation-runtime").then(
    (module) => (runtime = module),
    (error: unknown) => {
      // Offline for a moment: the next page asks again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The translation runtime, as React's `use()` reads it: at once once it has loaded. */
export const translationRuntime = (): Tracked<Runtime> => (runtime ? fulfilled(runtime) : track(loadRuntime()));

const noStrings: Strings = {};
const none = fulfilled(noStrings);
const loadStrings = memoLoader(async (key: string) => {
  const [lang, file] = key.split("\u0000");
  return (await loadRuntime()).stringsOf(file, lang);
});

/** Strings of `file` (its path under site-config/) in `lang`: none, at once, in the default language. */
export function stringsIn(file: string, lang: string): Tracked<Strings> {
  if (lang === defaultLanguage) return none;
  // Once the runtime is there, its own loader's promise: what a route preloaded through the
  // runtime (list-files.ts) is then read without suspending.
  return runtime ? runtime.stringsOf(file, lang) : loadStrings(`${lang}\u0000${file}`);
}

/** `doc` in `lang`: its translated texts, English for the rest (listed in `english`). */
export async function translatedIn<T>(doc: T, file: string, lang: string): Promise<Translated<T>> {
  if (lang === defaultLanguage) return { doc, english: [] };
  return (await loadRuntime()).translated(doc, file, lang);
}

/**
 * `doc` with `strings` applied, once they have loaded (`stringsIn` has resolved, so the runtime
 * is there); `doc` as it is with no strings.
 */
export function applyStrings<T>(doc: T, strings: Strings): Translated<T> {
  if (strings === noStrings || !runtime) return { doc, english: [] };
  if (typeof doc !== "object" || doc === null) return runtime.translateDocument(doc, strings);
  // By document and strings: a collection's presentation is the same for every treatment page in
  // a language (translated afresh for each, it was a visible share of prerendering thousands).
  let byStrings = applied.get(doc);
  if (!byStrings) {
    byStrings = new WeakMap();
    applied.set(doc, byStrings);
  }
  let translated = byStrings.get(strings);
  if (!translated) {
    translated = runtime.translateDocument(doc, strings);
    byStrings.set(strings, translated);
  }
  return translated as Translated<T>;
}

const applied = new WeakMap<object, WeakMap<Strings, Translated<unknown>>>();
