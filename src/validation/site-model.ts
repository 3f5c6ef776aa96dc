/**
 * What cross-references are checked against: the site's routes, specialities, branches,
 * collections and canonical base, gathered from every file of the site folder while it is
 * validated. Files may be invalid, so everything is read defensively.
 */
import path from "node:path";

export interface Named {
  name: string;
  slug: string;
  summary?: string;
}

export interface PageFacts {
  file: string;
  route: string;
  each?: string;
  meta?: { title?: unknown; description?: unknown };
}

/** What the page checks need of one treatment of a collection: its addresses, title and description. */
export interface TreatmentFacts {
  /** The file that holds it: its collection's, or its own in a collection folder. */
  file: string;
  /** Its pointer in that file: '/sub_departments/3', or '' in a file of its own. */
  at: string;
  index: number;
  slug?: string;
  name?: string;
  url?: string;
  canonical?: string;
  title?: string;
  description?: string;
  /** Its medical review, as written (checked by the schema). */
  review?: ReviewFacts;
}

/** A medical review as written in an entry ("review"): checked against today once the site is known. */
export interface ReviewFacts {
  reviewer?: string;
  reviewed?: string;
  nextReview?: string;
}

/** One reviewed entry of medical content: where its review is, and what names the page. */
export interface ReviewedEntry {
  kind: "treatments" | "specialities" | "blog-posts";
  file: string;
  /** The pointer of its "review" object. */
  pointer: string;
  /** The page's name and address, as messages name it. */
  name: string;
  path?: string;
  review: ReviewFacts;
}

export interface PresentationFacts {
  file: string;
  id: string;
  route: string;
  dataFile: string;
}

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

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === "object") : [];

/** An entry's "review" object, when it has one. */
function reviewOf(entry: Json): ReviewFacts | undefined {
  const review = entry.review;
  if (review === null || typeof review !== "object") return undefined;
  const r = review as Json;
  return { reviewer: text(r.reviewer), reviewed: text(r.reviewed), nextReview: text(r.nextReview) };
}

/** The reviews of a list of entries (speciality pages at /specialities/{slug}, articles at /blogs/{slug}). */
function reviewsOf(
  entries: unknown,
  kind: "specialities" | "blog-posts",
  file: string,
  list: string,
  base: string,
): ReviewedEntry[] {
  return objects(entries).flatMap((e, index) => {
    const review = reviewOf(e);
    if (!review) return [];
    const slug = text(e.slug);
    const name = text(e.name) ?? text(e.title) ?? slug ?? `#${index + 1}`;
    return [{ kind, file, pointer: `/${list}/${index}/review`, name, path: slug && `${base}/${slug}`, review }];
  });
}

function named(entries: unknown): Named[] {
  return objects(entries).flatMap((e) => {
    const slug = text(e.slug);
    return slug ? [{ name: text(e.name) ?? text(e.title) ?? slug, slug, summary: text(e.summary) }] : [];
  });
}

/**
 * What one file tells the model: only the little the checks need, so big files are not kept.
 * "unread" stands for a site file that could not be read, with the schema it probably has.
 */
export type Fact =
  | { kind: "site"; canonicalBase?: string; production?: boolean; clinicalReview?: unknown }
  | { kind: "specialities" | "branches" | "posts" | "doctors"; entries: Named[]; reviews?: ReviewedEntry[] }
  | { kind: "page"; page: PageFacts }
  | { kind: "presentation"; presentation: PresentationFacts }
  | { kind: "collection"; dataFile: string; treatments: TreatmentFacts[] }
  | { kind: "collection-item"; dataFile: string; treatment: TreatmentFacts }
  | { kind: "unread"; schema: string };

/** What a site file contributes to the model; `collectionsDir` is the site's collections/ folder. */
export function factOf(schema: string, data: Json, file: string, collectionsDir: string): Fact | undefined {
  switch (schema) {
    case "site.schema.json":
      return {
        kind: "site",
        canonicalBase: text(data.canonicalBase),
        production: typeof data.production === "boolean" ? data.production : undefined,
        clinicalReview: data.clinicalReview,
      };
    case "specialities.schema.json":
      return {
        kind: "specialities",
        entries: named(data.specialities),
        reviews: reviewsOf(data.specialities, "specialities", file, "specialities", "/specialities"),
      };
    case "branches.schema.json":
      return { kind: "branches", entries: named(data.branches) };
    case "blog-posts.schema.json":
      return {
        kind: "posts",
        entries: named(data.posts),
        reviews: reviewsOf(data.posts, "blog-posts", file, "posts", "/blogs"),
      };
    case "doctors.schema.json":
      return { kind: "doctors", entries: named(data.doctors) };
    case "page.schema.json": {
      const route = text(data.route);
      const meta = data.meta && typeof data.meta === "object" ? (data.meta as Json) : undefined;
      return route ? { kind: "page", page: { file, route, each: text(data.each), meta } } : undefined;
    }
    case "presentation.schema.json": {
      const [id, route, dataFile] = [text(data.id), text(data.route), text(data.dataFile)];
      return id && route && dataFile
        ? { kind: "presentation", presentation: { file, id, route, dataFile } }
        : undefined;
    }
    case "collection.schema.json":
      if (path.dirname(file) !== collectionsDir) return undefined;
      return { kind: "collection", dataFile: path.basename(file), treatments: treatmentsOf(data, file) };
    case "treatment-page.schema.json": {
      const folder = path.dirname(file);
      if (path.dirname(folder) !== collectionsDir || !text(data.slug)) return undefined;
      return {
        kind: "collection-item",
        dataFile: `${path.basename(folder)}.json`,
        treatment: treatmentFacts(data, file, "", 0),
      };
    }
  }
  return undefined;
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

/** The slugs of a collection file's sub-departments. */
export function slugsOf(data: Json): string[] {
  return objects(data.sub_departments).flatMap((s) => (typeof s.slug === "string" ? [s.slug] : []));
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

/** What the page checks need of each treatment of a collection file. */
function treatmentsOf(data: Json, file: string): TreatmentFacts[] {
  const list = Array.isArray(data.sub_departments) ? data.sub_departments : [];
  return list.flatMap((t: Json | null, index) =>
    t === null || typeof t !== "object" ? [] : [treatmentFacts(t, file, `/sub_departments/${index}`, index)],
  );
}

/** What the page checks need of one treatment, at `at` in `file`. */
function treatmentFacts(t: Json, file: string, at: string, index: number): TreatmentFacts {
  return {
    file,
    at,
    index,
    slug: text(t.slug),
    name: text(t.name),
    url: text(t.url),
    canonical: text(t.canonical_url),
    title: text(t.meta_title),
    description: text(t.meta_description),
    review: reviewOf(t),
  };
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
