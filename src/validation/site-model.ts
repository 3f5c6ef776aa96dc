/**
 * What cross-references are checked against: the site's routes, specialities, branches,
 * collections and canonical base, gathered from every file of the site folder while it is
 * validated. Files may be invalid, so everything is read defensively.
 */
import type { Fact, Named, PageFacts, PresentationFacts, ReviewedEntry, TreatmentFacts } from "./site-facts";

export {
  type Fact,
  factOf,
  type Named,
  type PageFacts,
  type PresentationFacts,
  type ReviewedEntry,
  type ReviewFacts,
  type TreatmentFacts,
} from "./site-facts";

export interface SiteModel {
  canonicalBase?: string;
  /** site.json's "production": the build then checks the site is ready to publish. */
  production?: boolean;
  specialities: Named[];
  branches: Named[];
  posts: Named[];
  /** The doctors of doctors.json (a medical review names its reviewer by slug). */
  doctors: Named[];
  /** site.json's "clinicalReview", as written. */
  clinicalReview?: unknown;
  /** Medical reviews of speciality pages and articles (treatments' are with their collections). */
  reviews: ReviewedEntry[];
  pages: PageFacts[];
  presentations: PresentationFacts[];
  /**
   * Slugs of each collection in the site's collections/ folder, by data file name: a file's
   * treatments, or the treatment page files of a folder of that name.
   */
  collectionSlugs: Map<string, string[]>;
  /** Each data file of collections/, by file name: its path and its treatments' addresses and metadata. */
  collections: Map<string, { treatments: TreatmentFacts[] }>;
  /**
   * Schemas of site files that could not be read ("*" when the kind is unknown). What those
   * files define is unknown, so references to it are not checked rather than wrongly refused.
   */
  unread: Set<string>;
}

export function emptyModel(): SiteModel {
  return {
    specialities: [],
    branches: [],
    posts: [],
    doctors: [],
    reviews: [],
    pages: [],
    presentations: [],
    collectionSlugs: new Map(),
    collections: new Map(),
    unread: new Set(),
  };
}

/** Adds a fact to the model. Facts are added in file order, so "first" means first by path. */
export function addFact(model: SiteModel, fact: Fact) {
  switch (fact.kind) {
    case "site":
      model.canonicalBase ??= fact.canonicalBase;
      model.production ??= fact.production;
      model.clinicalReview ??= fact.clinicalReview;
      break;
    case "specialities":
    case "branches":
    case "posts":
    case "doctors":
      model[fact.kind].push(...fact.entries);
      if (fact.reviews) model.reviews.push(...fact.reviews);
      break;
    case "page":
      model.pages.push(fact.page);
      break;
    case "presentation":
      model.presentations.push(fact.presentation);
      break;
    case "collection":
      addTreatments(model, fact.dataFile, fact.treatments);
      break;
    case "collection-item":
      addTreatments(model, fact.dataFile, [fact.treatment]);
      break;
    case "unread":
      model.unread.add(fact.schema);
      break;
  }
}

/** Adds treatments to their collection (a folder's come one file at a time: pushed, not copied). */
function addTreatments(model: SiteModel, dataFile: string, treatments: TreatmentFacts[]) {
  const slugs = model.collectionSlugs.get(dataFile) ?? [];
  for (const t of treatments) if (t.slug !== undefined) slugs.push(t.slug);
  model.collectionSlugs.set(dataFile, slugs);
  const known = model.collections.get(dataFile) ?? { treatments: [] };
  known.treatments.push(...treatments);
  model.collections.set(dataFile, known);
}

/** The entries a ':slug' page is made once for. */
export function entriesOf(model: SiteModel, each: string | undefined): Named[] {
  if (each === "branches") return model.branches;
  if (each === "specialities") return model.specialities;
  if (each === "posts") return model.posts;
  return [];
}

/**
 * Every route of the site: each page's route (a '/:slug' page once per branch, speciality or post, as its 'each' says),
 * each collection's treatment pages, and '/'.
 */
export function routeTable(model: SiteModel): Set<string> {
  const routes = new Set<string>(["/"]);
  for (const page of model.pages) {
    if (!page.route.endsWith("/:slug")) routes.add(page.route);
    else for (const entry of entriesOf(model, page.each)) routes.add(page.route.replace(/:slug$/, entry.slug));
  }
  for (const presentation of model.presentations) {
    for (const slug of model.collectionSlugs.get(presentation.dataFile) ?? []) {
      routes.add(presentation.route.replace(/:slug$/, slug));
    }
  }
  return routes;
}

/** A route as the table holds it: without '#anchor', '?query' or a trailing '/'. */
export function routeKey(route: string): string {
  const bare = route.replace(/[#?].*$/, "");
  return bare.length > 1 ? bare.replace(/\/+$/, "") : bare || "/";
}

/** Whether every file of these kinds was read, so the model knows all they define. */
export function knowsAll(model: SiteModel, schemas: readonly string[]): boolean {
  if (model.unread.size === 0) return true;
  return !model.unread.has("*") && !schemas.some((s) => model.unread.has(s));
}
