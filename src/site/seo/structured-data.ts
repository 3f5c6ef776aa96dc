/**
 * schema.org structured data (JSON-LD) for the prerendered pages: the hospital group, one Hospital
 * per branch, MedicalWebPage + FAQPage for treatment pages, a MedicalWebPage for speciality pages,
 * a WebPage for the others, and a BreadcrumbList everywhere. The pages say their language (`inLanguage`).
 * Everything comes from config; nothing here is hospital-specific.
 */

import type { Branch } from "../../shared/generated/branches";
import type { SubDepartment } from "../../shared/generated/collection";
import type { MedicalReview } from "../../shared/generated/defs";
import { siteLanguages } from "../../shared/i18n/languages";
import { site } from "../config/site-config";

type JsonLd = Record<string, unknown>;

const context = "https://schema.org";

/** The hospital group: a MedicalOrganization with its 24x7 contact point. */
export function organization(): JsonLd {
  return {
    "@context": context,
    "@type": "MedicalOrganization",
    "@id": `${site.canonicalBase}/#organization`,
    name: site.name,
    url: `${site.canonicalBase}/home`,
    logo: `${site.canonicalBase}${site.logo.src}`,
    email: site.contact.email,
    telephone: site.contact.phoneTel,
    contactPoint: [
      {
        "@type": "ContactPoint",
        telephone: site.contact.phoneTel,
        contactType: "emergency",
        areaServed: "IN",
        availableLanguage: siteLanguages(site).map((l) => l.code),
        hoursAvailable: "Mo-Su 00:00-23:59",
      },
    ],
    sameAs: site.social.map((s) => s.href),
  };
}

/** One branch as a Hospital with its address, telephone and opening hours. */
export function hospital(branch: Branch, pageUrl: string): JsonLd {
  return {
    "@context": context,
    "@type": "Hospital",
    name: branch.name,
    url: pageUrl,
    telephone: branch.phoneTel,
    image: `${site.canonicalBase}${branch.image.src}`,
    address: {
      "@type": "PostalAddress",
      streetAddress: branch.address.slice(0, -1).join(", ") || branch.address[0],
      addressLocality: branch.city,
      addressRegion: branch.state,
      addressCountry: "IN",
    },
    openingHours: branch.hours,
    parentOrganization: { "@id": `${site.canonicalBase}/#organization` },
  };
}

/** The doctor who medically reviewed a page, and where their profile is. */
export interface Reviewer {
  name: string;
  /** Their profile's full address. */
  url: string;
}

/** Who reviewed a page and when (WebPage's `reviewedBy` and `lastReviewed`), when both are known. */
function reviewedBy(reviewer: Reviewer | undefined, review: MedicalReview | undefined): JsonLd {
  return reviewer && review
    ? { reviewedBy: { "@type": "Person", name: reviewer.name, url: reviewer.url }, lastReviewed: review.reviewed }
    : {};
}

/** How a page other than a treatment's is medical content: its type, and who reviewed it when. */
export interface MedicalPage {
  /** "MedicalWebPage" for a speciality's page; an article stays a WebPage. */
  type?: "MedicalWebPage";
  review?: MedicalReview;
  reviewer?: Reviewer;
}

/**
 * A page other than a treatment's, in its language; a speciality's is a MedicalWebPage, and a
 * medically reviewed one says who reviewed it and when.
 */
export function webPage(name: string, url: string, lang: string, medical: MedicalPage = {}): JsonLd {
  return {
    "@context": context,
    "@type": medical.type ?? "WebPage",
    name,
    url,
    inLanguage: lang,
    ...reviewedBy(medical.reviewer, medical.review),
  };
}

/**
 * A treatment page (at `url`, in `lang`): the page, the procedure it is about, and its FAQs; with
 * a `reviewer`, the page says who reviewed it (a Physician) and when (`lastReviewed`).
 */
export function treatmentPage(
  item: SubDepartment,
  speciality: string,
  lang = "en",
  url = item.canonical_url,
  reviewer?: Reviewer,
): JsonLd[] {
  const page: JsonLd = {
    "@context": context,
    "@type": "MedicalWebPage",
    name: item.meta_title,
    description: item.meta_description,
    url,
    inLanguage: lang,
    specialty: speciality,
    about: { "@type": "MedicalProcedure", name: item.name },
    publisher: { "@id": `${site.canonicalBase}/#organization` },
    ...reviewedBy(reviewer, item.review),
  };
  const faqs = item.content.faqs ?? [];
  if (faqs.length === 0) return [page];
  return [
    page,
    {
      "@context": context,
      "@type": "FAQPage",
      mainEntity: faqs.map((faq) => ({
        "@type": "Question",
        name: faq.question,
        acceptedAnswer: { "@type": "Answer", text: faq.answer },
      })),
    },
  ];
}

/** The trail from home to the page; each step is a name and a path. */
export function breadcrumbs(trail: { name: string; path: string }[]): JsonLd {
  return {
    "@context": context,
    "@type": "BreadcrumbList",
    itemListElement: trail.map((step, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: step.name,
      item: `${site.canonicalBase}${step.path}`,
    })),
  };
}
