/**
 * A treatment page in the page's language: the treatment's texts from its collection's
 * translation (site-config/i18n/{lang}/collections/{dataFile}, keys 'sub_departments.{slug}.…')
 * and the template's from its presentation's, English for the rest. What the page matches and
 * sends stays English: the slug, the aliases, the lead's department (the relay names it).
 */
import type { SubDepartment } from "../../shared/generated/collection";
import type { CollectionPresentation } from "../../shared/generated/presentation";
import { defaultLanguage } from "../i18n/languages";
import { stringsIn as stringsOf, applyStrings as translateDocument } from "../i18n/lazy-translations";
import { fulfilled, memoLoader, type Tracked } from "../tracked";

type Strings = Readonly<Record<string, string>>;

/** The strings of a collection's data file and of its presentation, in one language. */
export interface TreatmentStrings {
  data: Strings;
  presentation: Strings;
}

const none: TreatmentStrings = { data: {}, presentation: {} };

const load = memoLoader(async (key: string): Promise<TreatmentStrings> => {
  const [lang, presentationFile, dataFile] = key.split("\u0000");
  const [data, presentation] = await Promise.all([
    stringsOf(`collections/${dataFile}`, lang),
    stringsOf(presentationFile.replace(/^site-config\//, ""), lang),
  ]);
  return { data, presentation };
});

/** The translations a treatment page of `presentationFile` needs in `lang` (none in the default). */
export function treatmentStrings(presentationFile: string, dataFile: string, lang: string): Tracked<TreatmentStrings> {
  return lang === defaultLanguage ? fulfilled(none) : load(`${lang}\u0000${presentationFile}\u0000${dataFile}`);
}

/** The strings under `prefix`, keyed by what follows it. */
function under(strings: Strings, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(strings)) if (key.startsWith(prefix)) out[key.slice(prefix.length)] = value;
  return out;
}

/** The treatment and the presentation translated, with the texts left in English. */
export function translateTreatment(
  subDepartment: SubDepartment,
  presentation: CollectionPresentation,
  strings: TreatmentStrings,
): { subDepartment: SubDepartment; presentation: CollectionPresentation; english: string[] } {
  if (strings === none) return { subDepartment, presentation, english: [] };
  const treatment = translateDocument(subDepartment, under(strings.data, `sub_departments.${subDepartment.slug}.`));
  const template = translateDocument(presentation, strings.presentation);
  return {
    subDepartment: treatment.doc,
    presentation: template.doc,
    english: [...treatment.english, ...template.english],
  };
}
