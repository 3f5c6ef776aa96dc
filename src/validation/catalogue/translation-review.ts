/**
 * Translation review per text (src/shared/i18n/review.ts): stale translations, texts whose
 * English source is not recorded, and a file whose "status" says other than its texts.
 */

import { plural, quote, some } from "../words";
import { entry } from "./entry";

export const StaleTranslation = entry({
  name: "StaleTranslation",
  title: "A translation was made from an English text that has changed since.",
  severity: "warning",
  message: (key: string, language: string, englishPlace: string, english: string, translationFile: string) =>
    `The English text of '${key}' (${englishPlace}) changed after this ${language} translation was made: it now reads ${quote(english)}. The site keeps showing the translation, written for the old English, until it is updated. Make the translation say what the English now says, and save it in the editor (which records the new English), or run 'npm run translations -- stamp ${translationFile}' once it is updated by hand.`,
  hint: "The editor's translator view shows the old English, the new English and the translation side by side; its queue lists every stale text.",
  summary: (count) => `${count === 1 ? "1 translation is" : `${count} translations are`} stale (their English changed)`,
});

export const TranslationSourcesUnknown = entry({
  name: "TranslationSourcesUnknown",
  title: "Some translations do not record the English text they were made from.",
  severity: "warning",
  message: (englishFile: string, keys: string[], total: number) =>
    `${keys.length} of ${plural(total, "translated text")} record no English source in "sources", so nobody can tell whether ${englishFile} changed after ${keys.length === 1 ? "it was" : "they were"} translated: ${some(keys.map((k) => `'${k}'`))}. Check ${keys.length === 1 ? "it" : "them"} against today's English, then save the file in the editor or run 'npm run translations -- stamp' to record it.`,
  hint: 'A file written before texts were reviewed one by one has no "sources" and no "reviewed": every text in it counts as unreviewed.',
});

export const TranslationStatusDiffers = entry({
  name: "TranslationStatusDiffers",
  title: "A translation's status says other than its texts.",
  severity: "warning",
  message: (stated: string, derived: string, unreviewed: number) =>
    `"status" says '${stated}', but its texts make it '${derived}'${unreviewed > 0 ? ` (${plural(unreviewed, "text")} not marked reviewed)` : ""}: the status follows from "reviewed". Run 'npm run translations -- stamp' to write it, or mark the texts reviewed in the editor.`,
  hint: 'A file is reviewed when a reviewer has approved every text it translates: each key of "strings" is in "reviewed".',
});
