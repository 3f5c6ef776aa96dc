/**
 * What one site file tells the site model (site-model.ts): only the little the cross-file checks
 * need, read defensively since the file may be invalid.
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
