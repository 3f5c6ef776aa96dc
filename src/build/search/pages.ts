/**
 * Every page the site search finds, in one language, with the texts it is found by: treatments,
 * specialities, doctors, branches, health packages and articles. Texts come translated where the
 * language has them (site-config/i18n/{lang}/), English otherwise (and then say so, so a result
 * marks them `lang="en"`). A page is also found by its English name and search terms in every
 * language: a Telugu reader may type "knee" on the Telugu site.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stemOf } from "../../shared/collections/data-files";
import { publishedStrings } from "../../shared/collections/treatment-translations";
import type { BlogPosts } from "../../shared/generated/blog-posts";
import type { Branches } from "../../shared/generated/branches";
import type { Doctors } from "../../shared/generated/doctors";
import type { InterfaceWords } from "../../shared/generated/interface";
import type { HealthPackages } from "../../shared/generated/packages";
import type { Specialities } from "../../shared/generated/specialities";
import { translateDocument } from "../../shared/i18n/keys";
import { localPath } from "../../shared/i18n/languages";
import type { SearchPage } from "../../shared/search/index-format";
import type { SearchTreatment, TreatmentTexts } from "./treatments";

/** How much a word counts, by where it is on the page. */
export const weights = { title: 10, terms: 8, englishTerms: 6, speciality: 3, text: 1 } as const;

/** A page with the texts it is found by and how much each counts. */
export interface IndexedPage {
  page: SearchPage;
  texts: [text: string, weight: number][];
}

/** site-config/{file} in `lang`, with whether any text stayed English. */
function readTranslated<T>(siteRoot: string, file: string, lang: string, defaultLang: string): T {
  const doc = JSON.parse(readFileSync(path.join(siteRoot, file), "utf8")) as T;
  if (lang === defaultLang) return doc;
  const translation = path.join(siteRoot, "i18n", lang, file);
  if (!existsSync(translation)) return doc;
  const strings = publishedStrings(
    (JSON.parse(readFileSync(translation, "utf8")) as { strings?: Record<string, unknown> }).strings,
  );
  return translateDocument(doc, strings).doc;
}

const fill = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The pages of one language: its treatments' (one at a time, so an incremental build makes only
 * the changed ones) and the other pages' (specialities, doctors, branches, packages, articles).
 */
export class LanguagePages {
  /** The pages that are not treatments, in a stable order. */
  readonly others: IndexedPage[];
  private readonly treatmentPageOf: (t: SearchTreatment) => IndexedPage;

  constructor(siteRoot: string, lang: string, defaultLang: string) {
    const read = <T>(file: string) => readTranslated<T>(siteRoot, file, lang, defaultLang);
    const english = <T>(file: string) => readTranslated<T>(siteRoot, file, defaultLang, defaultLang);
    const words = read<InterfaceWords>("interface.json");
    const { specialities } = read<Specialities>("specialities.json");
    const englishSpecialities = english<Specialities>("specialities.json").specialities;
    const specialityName = (slug: string) => specialities.find((s) => s.slug === slug)?.name ?? "";
    const url = (route: string) => localPath(route, lang, defaultLang);
    /** Marks a page whose title stayed English on another language's site. */
    const fallback = (shown: string, englishText: string) =>
      lang !== defaultLang && shown === englishText ? { l: defaultLang } : {};
    const bySpeciality = new Map<string, string>();
    for (const s of specialities) if (s.treatments) bySpeciality.set(s.treatments, s.name);

    this.treatmentPageOf = (t) => {
      const translated = t.translated[lang];
      const own: TreatmentTexts = {
        name: translated?.name?.trim() ? translated.name : t.en.name,
        description: translated?.description?.trim() ? translated.description : t.en.description,
        terms: translated?.terms?.trim() ? translated.terms : t.en.terms,
      };
      const speciality = bySpeciality.get(stemOf(t.dataFile).replace(/-sub-departments$/, "")) ?? "";
      const title = own.name ?? "";
      return {
        page: {
          u: url(t.url),
          t: title,
          s: speciality,
          x: own.description ?? "",
          ...(own.terms ? { k: own.terms } : {}),
          ...fallback(title, t.en.name ?? ""),
        },
        texts: [
          [title, weights.title],
          [own.terms ?? "", weights.terms],
          // On another language's site, its English name counts as a title and its terms as terms.
          [lang === defaultLang ? "" : (t.en.name ?? ""), weights.title],
          [lang === defaultLang ? "" : (t.en.terms ?? ""), weights.englishTerms],
          [speciality, weights.speciality],
          [own.description ?? "", weights.text],
        ],
      };
    };

    const pages: IndexedPage[] = [];
    specialities.forEach((s, i) => {
      const en = englishSpecialities[i];
      pages.push({
        page: {
          u: url(`/specialities/${s.slug}`),
          t: s.name,
          s: words.search.kindSpeciality,
          x: s.summary,
          ...(s.searchTerms ? { k: s.searchTerms } : {}),
          ...fallback(s.name, en.name),
        },
        texts: [
          [s.name, weights.title],
          [s.searchTerms ?? "", weights.terms],
          [lang === defaultLang ? "" : `${en.name} ${en.searchTerms ?? ""}`, weights.englishTerms],
          [s.summary, weights.text],
        ],
      });
    });

    for (const d of read<Doctors>("doctors.json").doctors) {
      const speciality = specialityName(d.speciality);
      pages.push({
        page: {
          // The doctor search filters by name in Latin letters: on another language's site the
          // doctor is found among the speciality's doctors instead.
          u:
            lang === defaultLang
              ? `${url("/our-doctors")}?name=${encodeURIComponent(d.name)}`
              : `${url("/our-doctors")}?speciality=${d.speciality}`,
          t: d.name,
          s: speciality,
          x: `${d.designation}. ${d.qualifications}`,
        },
        texts: [
          [d.name, weights.title],
          [`${d.designation} ${speciality}`, weights.speciality],
          [d.qualifications, weights.text],
        ],
      });
    }

    for (const b of read<Branches>("branches.json").branches) {
      pages.push({
        page: {
          u: url(`/locations/${b.slug}`),
          t: b.name,
          s: fill(words.cards.hospitalIn, { city: b.city }),
          x: b.address.join(", "),
        },
        texts: [
          [b.name, weights.title],
          [`${b.city} ${b.state}`, weights.speciality],
          [b.address.join(" "), weights.text],
        ],
      });
    }

    const englishPackages = english<HealthPackages>("packages.json").packages;
    read<HealthPackages>("packages.json").packages.forEach((p, i) => {
      const en = englishPackages[i];
      pages.push({
        page: {
          u: `${url("/health-checkup")}#package-${p.slug}`,
          t: p.name,
          s: words.search.kindPackage,
          x: p.summary,
          ...(p.searchTerms ? { k: p.searchTerms } : {}),
          ...fallback(p.name, en.name),
        },
        texts: [
          [p.name, weights.title],
          [p.searchTerms ?? "", weights.terms],
          [lang === defaultLang ? "" : `${en.name} ${en.searchTerms ?? ""}`, weights.englishTerms],
          [`${p.summary} ${p.includes.join(" ")}`, weights.text],
        ],
      });
    });

    for (const post of read<BlogPosts>("blog-posts.json").posts) {
      pages.push({
        page: {
          u: url(`/blogs/${post.slug}`),
          t: post.title,
          s: specialityName(post.speciality ?? "") || words.search.kindArticle,
          x: post.summary,
        },
        texts: [
          [post.title, weights.title],
          [post.summary, weights.text],
        ],
      });
    }
    this.others = pages;
  }

  /** A treatment's page. */
  treatment(t: SearchTreatment): IndexedPage {
    return this.treatmentPageOf(t);
  }
}

/** The treatments' ids in page order: their pages come first, then the others. */
export const treatmentOrder = (treatments: Record<string, SearchTreatment>) => Object.keys(treatments).sort();

/** Every page of one language, in page order. */
export function indexedPages(
  siteRoot: string,
  lang: string,
  defaultLang: string,
  treatments: Record<string, SearchTreatment>,
): IndexedPage[] {
  const pages = new LanguagePages(siteRoot, lang, defaultLang);
  return [...treatmentOrder(treatments).map((id) => pages.treatment(treatments[id])), ...pages.others];
}
