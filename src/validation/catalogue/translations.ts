/** Translations (site-config/i18n/{code}/): what the validator says about them. */

import { list, plural, quote, some } from "../words";
import { didYouMean, entry } from "./entry";

export const TranslationLanguageUnknown = entry({
  name: "TranslationLanguageUnknown",
  title: "A translation is for a language the site does not list.",
  severity: "error",
  message: (code: string, codes: string[]) =>
    `This file is in site-config/i18n/${code}/, the folder of the language '${code}', but site.json's "languages" does not list '${code}' as a language to translate into (it lists ${
      codes.length > 0
        ? list(
            codes.map((c) => `'${c}'`),
            "and",
          )
        : "none"
    }). Add the language to site.json (code, name and englishName), or move the file to a listed language's folder.`,
  hint: "Each language's translations are in site-config/i18n/{code}/, where {code} is the language's code in site.json.",
});

export const TranslationWithoutEnglish = entry({
  name: "TranslationWithoutEnglish",
  title: "A translation has no English file to translate.",
  severity: "error",
  message: (englishFile: string) =>
    `Expected a translation of ${englishFile}, but there is no such file: a translation's path under i18n/{code}/ must be its English file's path under site-config/. Move or rename it to match the English file, or delete it if that file was removed.`,
  hint: "site-config/i18n/te/pages/home.json translates site-config/pages/home.json.",
});

export const StaleTranslationKey = entry({
  name: "StaleTranslationKey",
  title: "A translation names a text the English file no longer has.",
  severity: "error",
  message: (key: string, englishFile: string, suggestion: string | undefined) =>
    `The key '${key}' names no text of ${englishFile}: the English text it translated was removed or moved${didYouMean(suggestion)} Move the translation to the text's new key, or delete it.`,
  hint: "A key is the text's place in the English file, with entries named by their id, key, slug or name ('items.about.children.leadership.label').",
});

export const UntranslatableKey = entry({
  name: "UntranslatableKey",
  title: "A translation replaces a value that must stay as it is.",
  severity: "error",
  message: (key: string, value: string, englishFile: string) =>
    `The key '${key}' names ${quote(value)} in ${englishFile}, which is not a text a reader sees but a route, address, slug, id, pattern or CRM field, and stays the same in every language. Delete this entry.`,
  hint: "Only texts are translated: labels, titles, paragraphs, messages, names.",
});

export const TranslationPlaceholders = entry({
  name: "TranslationPlaceholders",
  title: "A translation's placeholders differ from its English text's.",
  severity: "error",
  message: (key: string, english: string, why: string) =>
    `The translation of '${key}' must use the placeholders of its English text ${quote(english)}, but ${why}. Keep each {name} exactly as in English (a plural stays a plural); only the words around it change.`,
  hint: "Placeholders such as {name} and {count, plural, one {# doctor} other {# doctors}} are filled in by the site; a translation that drops or renames one shows a value in the wrong place or not at all.",
});

export const TranslationHtml = entry({
  name: "TranslationHtml",
  title: "A translation holds HTML the site would change.",
  severity: "error",
  message: (key: string, problems: string[]) =>
    `The translation of '${key}' would not show as written: ${list(problems, "and")}. Use only the tags its English text may use, each closed in order.`,
  hint: "Translations follow the English texts' HTML rules (README, 'HTML in text').",
});

export const MissingTranslations = entry({
  name: "MissingTranslations",
  title: "Some texts are not translated yet.",
  severity: "warning",
  message: (language: string, englishFile: string, missing: string[], total: number) =>
    `${missing.length} of ${plural(total, "text")} of ${englishFile} ${missing.length === 1 ? "is" : "are"} not translated into ${language} yet and show in English: ${some(missing)}. Add each to "strings" under its key.`,
  hint: "Each missing text is named by its key, with its place in the English file; `npm run edit` lists them too, with the English beside each.",
});

export const DraftTranslations = entry({
  name: "DraftTranslations",
  title: "Some translations are drafts awaiting review.",
  severity: "warning",
  message: (language: string, files: string[]) =>
    `${plural(files.length, `${language} translation`)} ${files.length === 1 ? "is a draft" : "are drafts"} awaiting review by a native speaker: ${some(files)}. Have a reviewer read each text and mark it reviewed in the editor (a file is reviewed when all its texts are).`,
  hint: "Drafts are published as they are, like sample data: medical wording in particular wants a native speaker's eye.",
});

export const UntranslatedFiles = entry({
  name: "UntranslatedFiles",
  title: "Some files have no translation into a language yet.",
  severity: "warning",
  message: (language: string, code: string, files: string[]) =>
    `${plural(files.length, "file")} with texts ${files.length === 1 ? "has" : "have"} no ${language} translation yet, so ${files.length === 1 ? "its" : "their"} texts show in English on ${language} pages: ${some(files)}. To translate one, create the file of the same path under site-config/i18n/${code}/ (site-config/i18n/${code}/${files[0]} for the first).`,
  hint: 'A page in a language shows the English text, marked lang="en", wherever a translation is missing.',
});
