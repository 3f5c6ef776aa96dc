/**
 * Who reviewed a page's medical content, as its head and its hydration carry them: the doctor's
 * name in the page's language and their profile's address. Read by manifest.ts for every page.
 */
import type { MedicalKind } from "../../shared/clinical-review";
import type { MedicalReview } from "../../shared/generated/defs";
import {
  type CarriedReviewer,
  clinicalReviewSettings,
  defaultLanguage,
  doctorProfilePath,
  type Entry,
  loadDoctors,
  type MedicalPage,
  pathIn,
  type Reviewer,
  site,
  stringsOf,
} from "../../site";

/**
 * The doctor who reviewed content of `kind`, as the page's review line names them: their English
 * name and their name in `lang` when it has one. The page carries it (collections/hydration.ts),
 * so it loads no list of doctors for one name. None when that kind is not medical content or it
 * records no review.
 */
export async function carriedReviewer(
  review: MedicalReview | undefined,
  kind: MedicalKind,
  lang: string,
): Promise<CarriedReviewer | undefined> {
  if (!review || !clinicalReviewSettings(site).medicalKinds.includes(kind)) return undefined;
  const doctor = (await loadDoctors()).find((d) => d.slug === review.reviewer);
  if (!doctor) return undefined;
  const strings = lang === defaultLanguage ? {} : await stringsOf("doctors.json", lang);
  const translated = strings[`doctors.${doctor.slug}.name`];
  const { slug, name } = doctor;
  return translated === undefined ? { slug, name } : { slug, name, translated };
}

/**
 * The reviewing doctor for the page's JSON-LD: named as the page names them (in `lang`, English
 * where their name is not translated), with their profile's address.
 */
export function reviewerOf(carried: CarriedReviewer | undefined, lang: string): Reviewer | undefined {
  return carried
    ? {
        name: carried.translated ?? carried.name,
        url: `${site.canonicalBase}${pathIn(doctorProfilePath(carried), lang)}`,
      }
    : undefined;
}

/** The reviewing doctor of a speciality's or an article's page. */
export function entryReviewer(entry: Entry | null, lang: string): Promise<CarriedReviewer | undefined> {
  if (entry?.kind === "specialities") return carriedReviewer(entry.entry.review, "specialities", lang);
  if (entry?.kind === "posts") return carriedReviewer(entry.entry.review, "blog-posts", lang);
  return Promise.resolve(undefined);
}

/** A speciality's page is a MedicalWebPage; a speciality's or an article's review, who and when. */
export function medicalPageOf(entry: Entry | null, reviewer: CarriedReviewer | undefined, lang: string): MedicalPage {
  if (entry?.kind === "specialities")
    return { type: "MedicalWebPage", review: entry.entry.review, reviewer: reviewerOf(reviewer, lang) };
  if (entry?.kind === "posts") return { review: entry.entry.review, reviewer: reviewerOf(reviewer, lang) };
  return {};
}
