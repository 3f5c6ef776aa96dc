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

export interface PresentationFacts {
  file: string;
  id: string;
  route: string;
  dataFile: string;
}

export interface SiteModel {
  canonicalBase?: string;
  specialities: Named[];
  branches: Named[];
  posts: Named[];
  pages: PageFacts[];
  presentations: PresentationFacts[];
  /**
   * Slugs of each collection in the site's collections/ folder, by data file name: a file's
   * treatments, or the treatment page files of a folder of that name.
   */
  collectionSlugs: Map<string, string[]>;
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
    pages: [],
    presentations: [],
    collectionSlugs: new Map(),
    unread: new Set(),
  };
}

type Json = Record<string, unknown>;
const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const objects = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((v): v is Json => v !== null && typeof v === "object") : [];

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
  | { kind: "site"; canonicalBase?: string }
  | { kind: "specialities" | "branches" | "posts"; entries: Named[] }
  | { kind: "page"; page: PageFacts }
  | { kind: "presentation"; presentation: PresentationFacts }
  | { kind: "collection"; dataFile: string; slugs: string[] }
  | { kind: "collection-item"; dataFile: string; slug: string }
  | { kind: "unread"; schema: string };

/** What a site file contributes to the model; `collectionsDir` is the site's collections/ folder. */
export function factOf(schema: string, data: Json, file: string, collectionsDir: string): Fact | undefined {
  switch (schema) {
    case "site.schema.json":
      return { kind: "site", canonicalBase: text(data.canonicalBase) };
    case "specialities.schema.json":
      return { kind: "specialities", entries: named(data.specialities) };
    case "branches.schema.json":
      return { kind: "branches", entries: named(data.branches) };
    case "blog-posts.schema.json":
      return { kind: "posts", entries: named(data.posts) };
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
      return { kind: "collection", dataFile: path.basename(file), slugs: slugsOf(data) };
    case "treatment-page.schema.json": {
      const folder = path.dirname(file);
      const slug = text(data.slug);
      if (path.dirname(folder) !== collectionsDir || !slug) return undefined;
      return { kind: "collection-item", dataFile: `${path.basename(folder)}.json`, slug };
    }
  }
  return undefined;
}

/** Adds a fact to the model. Facts are added in file order, so "first" means first by path. */
export function addFact(model: SiteModel, fact: Fact) {
  switch (fact.kind) {
    case "site":
      model.canonicalBase ??= fact.canonicalBase;
      break;
    case "specialities":
    case "branches":
    case "posts":
      model[fact.kind].push(...fact.entries);
      break;
    case "page":
      model.pages.push(fact.page);
      break;
    case "presentation":
      model.presentations.push(fact.presentation);
      break;
    case "collection":
      model.collectionSlugs.set(fact.dataFile, [...(model.collectionSlugs.get(fact.dataFile) ?? []), ...fact.slugs]);
      break;
    case "collection-item": {
      const slugs = model.collectionSlugs.get(fact.dataFile);
      if (slugs) slugs.push(fact.slug);
      else model.collectionSlugs.set(fact.dataFile, [fact.slug]);
      break;
    }
    case "unread":
      model.unread.add(fact.schema);
      break;
  }
}

/** The slugs of a collection file's sub-departments. */
export function slugsOf(data: Json): string[] {
  return objects(data.sub_departments).flatMap((s) => (typeof s.slug === "string" ? [s.slug] : []));
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
