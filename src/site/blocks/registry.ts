/**
 * The block registry: one line per block type of the schemas' union, naming its folder and its
 * component. Each block is a chunk of its own, so a page loads the code of the blocks it shows and
 * no others (the browser loads them before hydrating; the prerenderer loads them all up front). A
 * block that needs more before it can render (the doctor search's data) awaits it in its own
 * module, so every line here has the same shape.
 */
import type { BlockRegistry } from "./types";

export const registry: BlockRegistry = {
  "blog-article": () => import("./blog-article").then((module) => module.BlogArticle),
  "blog-list": () => import("./blog-list").then((module) => module.BlogList),
  "branch-details": () => import("./branch-details").then((module) => module.BranchDetails),
  "branch-list": () => import("./branch-list").then((module) => module.BranchList),
  "card-grid": () => import("./card-grid").then((module) => module.CardGrid),
  "contact-details": () => import("./contact-details").then((module) => module.ContactDetails),
  "cta-banner": () => import("./cta-banner").then((module) => module.CtaBanner),
  "doctor-search": () => import("./doctor-search").then((module) => module.DoctorSearch),
  "faq-accordion": () => import("./faq-accordion").then((module) => module.FaqAccordion),
  form: () => import("./form").then((module) => module.Form),
  "form-data-notice": () => import("./form-data-notice").then((module) => module.FormDataNotice),
  heading: () => import("./heading").then((module) => module.Heading),
  "health-packages": () => import("./health-packages").then((module) => module.HealthPackages),
  hero: () => import("./hero").then((module) => module.Hero),
  "news-list": () => import("./news-list").then((module) => module.NewsList),
  "people-grid": () => import("./people-grid").then((module) => module.PeopleGrid),
  "rich-text": () => import("./rich-text").then((module) => module.RichText),
  "search-results": () => import("./search-results").then((module) => module.SearchResults),
  "speciality-details": () => import("./speciality-details").then((module) => module.SpecialityDetails),
  "speciality-grid": () => import("./speciality-grid").then((module) => module.SpecialityGrid),
  "treatment-bullet-points": () => import("./treatment-bullet-points").then((module) => module.TreatmentBulletPoints),
  "treatment-faqs": () => import("./treatment-faqs").then((module) => module.TreatmentFaqs),
  "treatment-heading": () => import("./treatment-heading").then((module) => module.TreatmentHeading),
  "treatment-hero": () => import("./treatment-hero").then((module) => module.TreatmentHero),
  "treatment-sections": () => import("./treatment-sections").then((module) => module.TreatmentSections),
  "treatment-review": () => import("./treatment-review").then((module) => module.TreatmentReview),
  "treatment-source-credit": () => import("./treatment-source-credit").then((module) => module.TreatmentSourceCredit),
  "treatment-why-choose-us": () => import("./treatment-why-choose-us").then((module) => module.TreatmentWhyChooseUs),
};
