/**
 * The data a page hydrates with, as manifest.ts puts it in the page: a list page's listing in the
 * page's language, a treatment's data shared between its untranslated pages.
 */
import { type TreatmentListPage, treatmentData } from "../../shared/collections/data-files";
import type { SubDepartment, TreatmentCollection } from "../../shared/generated/collection";
import type { CarriedReviewer, HydrationPayload } from "../../site";
import type { CatalogCollection } from "./page-list";

/**
 * A list page as a page in `lang` needs it: the names in its language alone (a page shows no other
 * language's, and so is made again only when its own language's names change: src/build/plan/deps.ts).
 */
export function listingIn(listing: TreatmentListPage, lang: string): TreatmentListPage {
  const { translatedNames, ...english } = listing;
  const names = translatedNames?.[lang];
  return names ? { ...english, translatedNames: { [lang]: names } } : english;
}

/**
 * The hydration data of a treatment's pages without a translation: the same object for the same
 * treatment and reviewer's name (its pages in the site's languages, one after another), so the
 * page document serialises it once (document.ts).
 */
const englishHydrations = new WeakMap<SubDepartment, Map<string, HydrationPayload>>();

export function englishHydration(
  dataFile: string,
  collection: CatalogCollection,
  english: SubDepartment,
  reviewer: CarriedReviewer | undefined,
): HydrationPayload {
  const byReviewer = englishHydrations.get(english) ?? new Map<string, HydrationPayload>();
  englishHydrations.set(english, byReviewer);
  const key = reviewer ? (reviewer.translated ?? reviewer.name) : "";
  let hydration = byReviewer.get(key);
  if (!hydration) {
    hydration = {
      treatment: { file: dataFile, data: treatmentData(collection, english) },
      ...(reviewer && { reviewer }),
    };
    byReviewer.set(key, hydration);
  }
  return hydration;
}

/** Each treatment's data text, by the treatment's object (one per treatment read: jobs.ts's readers). */
const dataTexts = new WeakMap<SubDepartment, { collection: object; text: string }>();

/**
 * `JSON.stringify(treatmentData(collection, item))`, made once for a treatment's pages in every
 * language and its data file (run right after them: plan/order.ts).
 */
export function treatmentDataText(
  collection: Pick<TreatmentCollection, "speciality" | "location">,
  item: SubDepartment,
): string {
  const kept = dataTexts.get(item);
  if (kept?.collection === collection) return kept.text;
  const text = JSON.stringify(treatmentData(collection, item));
  dataTexts.set(item, { collection, text });
  return text;
}

/** Stands for the treatment's data in the hydration data's text, until its own text replaces it. */
const marker = "\u0000treatment data\u0000";
const dataMarker = JSON.stringify(marker);

/**
 * A treatment page's hydration data as JSON.stringify gives it, with the treatment's data's text
 * (`treatmentDataText`) put in its place rather than serialised again.
 */
export function hydrationText(hydration: HydrationPayload, dataText: string): string {
  if (!hydration.treatment) return JSON.stringify(hydration);
  const json = JSON.stringify({ ...hydration, treatment: { ...hydration.treatment, data: marker } });
  const at = json.indexOf(dataMarker);
  return `${json.slice(0, at)}${dataText}${json.slice(at + dataMarker.length)}`;
}
