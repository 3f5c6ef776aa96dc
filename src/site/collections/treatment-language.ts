/**
 * A treatment page in the page's language: the treatment's own texts (loaded one treatment at a
 * time, treatment-texts.ts) and the template's from its presentation's translation
 * (site-config/i18n/{lang}/collections/{id}.presentation.json, small, loaded with the route),
 * English for the rest. What the page matches and sends stays English: the slug, the aliases, the
 * lead's department (the relay names it).
 */
import type { SubDepartment } from "../../shared/generated/collection";
import type { CollectionPresentation } from "../../shared/generated/presentation";
// Through the translation runtime's gateway: the runtime (keys, translations) is a chunk of its
// own, loaded by a page in another language (with the route, by presentationStrings), never by
// an English page.
import { stringsIn as stringsOf, applyStrings as translateDocument } from "../i18n/lazy-translations";
import type { Tracked } from "../tracked";

type Strings = Readonly<Record<string, string>>;

/** A treatment's texts and its presentation's, in one language. */
export interface TreatmentStrings {
  /** The treatment's own texts, keyed from the treatment ('content.h1'). */
  data: Strings;
  presentation: Strings;
}

/** The translation of a presentation (`site-config/collections/{id}.presentation.json`) in `lang` (none in the default). */
export const presentationStrings = (presentationFile: string, lang: string): Tracked<Strings> =>
  stringsOf(presentationFile.replace(/^site-config\//, ""), lang);

/**
 * The treatment and the presentation translated, with the texts left in English listed; as they
 * are in the default language (`strings` undefined).
 */
export function translateTreatment(
  subDepartment: SubDepartment,
  presentation: CollectionPresentation,
  strings: TreatmentStrings | undefined,
): { subDepartment: SubDepartment; presentation: CollectionPresentation; english: string[] } {
  if (!strings) return { subDepartment, presentation, english: [] };
  const treatment = translateDocument(subDepartment, strings.data);
  const template = translateDocument(presentation, strings.presentation);
  return {
    subDepartment: treatment.doc,
    presentation: template.doc,
    english: [...treatment.english, ...template.english],
  };
}
