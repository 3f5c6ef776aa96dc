/**
 * A lead form in the page's language: its labels, placeholders, the spec's validation messages and
 * notices from the form's translation (site-config/i18n/{lang}/forms/{id}.json), English for the
 * rest. What the form sends stays as the English config has it: select answers are the English
 * options (the relay checks them against its own copy), and the lead's templates are not texts.
 */
import type { Form } from "../../shared/generated/form";
import { forms } from "../config/forms";
import { defaultLanguage, languages } from "../i18n/languages";
import { translatedIn } from "../i18n/lazy-translations";
import { fulfilled, memoLoader, type Tracked } from "../tracked";

/** A form in one language, with the texts it shows in English for want of a translation. */
export interface FormInLanguage {
  form: Form;
  english: readonly string[];
}

const loadTranslated = memoLoader(async (key: string): Promise<FormInLanguage | undefined> => {
  const [lang, id] = key.split("\u0000");
  const english = forms[id];
  if (!english) return undefined;
  const { doc, english: untranslated } = await translatedIn(english, `forms/${id}.json`, lang);
  return { form: doc, english: untranslated };
});

/** The form `id` in `lang`; at once in the default language. Undefined for an unknown id. */
export function formIn(id: string, lang: string): Tracked<FormInLanguage | undefined> {
  if (lang !== defaultLanguage) return loadTranslated(`${lang}\u0000${id}`);
  const form = forms[id];
  return fulfilled(form ? { form, english: [] } : undefined);
}

/** Every form in every language (the prerenderer renders forms in every language). */
export function preloadFormLanguages(): Promise<unknown> {
  return Promise.all(languages.flatMap((l) => Object.keys(forms).map((id) => formIn(id, l.code))));
}
