/**
 * Cross-reference checks a schema cannot express. Schemas mark the values that point elsewhere
 * with `x-ref` (see ajv.ts); this module checks each one against the whole site: routes exist,
 * footer speciality names slugify to a speciality, forms, data files and images exist, canonical
 * addresses sit under the site's base, and aliases point at treatments of their collection.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { slugify } from "../shared/slug";
import type { RefUse } from "./ajv";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { contactProblem } from "./contact-checks";
import { checkImage, listImages } from "./image-references";
import { type PixelSize, readImageSize } from "./image-size";
import { routeKey as missingRoute, slugKey } from "./page-addresses";
import type { UnplacedProblem } from "./problem";
import { knowsAll, routeKey, routeTable, type SiteModel } from "./site-model";
import { closest } from "./suggest";

/** What the checks of every file share. Build one per run with `referenceContext`. */
export interface ReferenceContext {
  model: SiteModel;
  routes: Set<string>;
  specialitySlugs: Set<string>;
  branchSlugs: Set<string>;
  /** The doctors of doctors.json, by slug (a medical review's reviewer is one). */
  doctorSlugs: Set<string>;
  collectionIds: string[];
  siteRoot: string;
  publicDir: string;
  /** A path as messages show it (relative to the working folder). */
  display: (file: string) => string;
  exists: (file: string) => boolean;
  /** An image file's pixel size, read once per file. */
  sizeOf: (file: string) => PixelSize | undefined;
  namesIn: (folder: string, extension: string) => string[];
  /** Every file under public/images, as the address config uses ("/images/logo.svg"), listed once. */
  imagePaths: () => string[];
  /** The declared placeholders: a value that is one is reported as such, not as undeliverable. */
  isPlaceholder: (value: string) => boolean;
}

export function referenceContext(
  model: SiteModel,
  siteRoot: string,
  publicDir: string,
  display: (file: string) => string,
  isPlaceholder: (value: string) => boolean = () => false,
  /** The model's routes when they are known already (a run over a few files of a kept site: snapshot.ts). */
  routes: Set<string> = routeTable(model),
): ReferenceContext {
  let images: string[] | undefined;
  const existing = new Map<string, boolean>();
  const sizes = new Map<string, PixelSize | undefined>();
  const listings = new Map<string, string[]>();
  return {
    model,
    routes,
    specialitySlugs: new Set(model.specialities.map((s) => s.slug)),
    branchSlugs: new Set(model.branches.map((b) => b.slug)),
    doctorSlugs: new Set(model.doctors.map((d) => d.slug)),
    collectionIds: model.presentations.map((p) => p.id),
    siteRoot,
    publicDir,
    display,
    isPlaceholder,
    imagePaths() {
      images ??= listImages(publicDir);
      return images;
    },
    exists(file) {
      let known = existing.get(file);
      if (known === undefined) {
        known = existsSync(file);
        existing.set(file, known);
      }
      return known;
    },
    sizeOf(file) {
      if (!sizes.has(file)) {
        let size: PixelSize | undefined;
        try {
          size = readImageSize(file);
        } catch {
          size = undefined; // a folder or an unreadable file: the build says what is wrong with it
        }
        sizes.set(file, size);
      }
      return sizes.get(file);
    },
    namesIn(folder, extension) {
      let names = listings.get(folder);
      if (!names) {
        names = existsSync(folder) ? readdirSync(folder).filter((n) => n.endsWith(extension)) : [];
        listings.set(folder, names);
      }
      return names.map((n) => n.slice(0, n.length - extension.length));
    },
  };
}

/** What the checks need to know of the file the references come from. */
export interface ReferringFile {
  /** The data file a presentation names, for its 'collection-slug' references. */
  dataFile?: string;
  /** Pointers that already have a schema error; their references are not checked again. */
  skip: Set<string>;
}

/** Problems with the references of one file. */
export function checkReferences(
  refs: readonly RefUse[],
  context: ReferenceContext,
  file: ReferringFile,
): UnplacedProblem[] {
  const problems: UnplacedProblem[] = [];
  for (const ref of refs) {
    if (file.skip.has(ref.pointer)) continue;
    const found = checkOne(ref, context, file);
    if (found) problems.push(found);
  }
  return problems;
}

/** The kinds of file that define the site's routes. */
const routeDefiners = [
  "page.schema.json",
  "presentation.schema.json",
  "collection.schema.json",
  "treatment-page.schema.json",
  "branches.schema.json",
  "specialities.schema.json",
  "blog-posts.schema.json",
];

/** The kinds of file whose content each kind of reference is checked against. */
const dependsOn: Partial<Record<RefUse["kind"], string[]>> = {
  route: routeDefiners,
  "text-link": routeDefiners,
  "speciality-name": ["specialities.schema.json"],
  "speciality-slug": ["specialities.schema.json"],
  "branch-slug": ["branches.schema.json"],
  collection: ["presentation.schema.json"],
  "collection-slug": ["collection.schema.json", "treatment-page.schema.json"],
  canonical: ["site.schema.json"],
  "doctor-slug": ["doctors.schema.json"],
};

function checkOne(ref: RefUse, c: ReferenceContext, file: ReferringFile): UnplacedProblem | undefined {
  const { value, pointer } = ref;
  if (!knowsAll(c.model, dependsOn[ref.kind] ?? [])) return undefined;
  switch (ref.kind) {
    case "route":
    case "text-link": {
      const key = routeKey(value);
      if (c.routes.has(key)) return undefined;
      // A link in a text may lead to a file under public/ (a PDF, an image) rather than a page.
      if (ref.kind === "text-link" && /\.[a-z0-9]+$/i.test(key) && c.exists(path.join(c.publicDir, key)))
        return undefined;
      return {
        ...problem(
          ref.kind === "route" ? say.UnknownRoute : say.UnknownTextLink,
          pointer,
          value,
          closest(key, c.routes),
        ),
        missing: missingKey(key, c.model),
      };
    }
    case "speciality-name": {
      const slug = slugify(value);
      if (c.specialitySlugs.has(slug)) return undefined;
      return problem(say.SpecialityNameMismatch, pointer, value, slug, closest(slug, c.specialitySlugs));
    }
    case "speciality-slug":
      if (c.specialitySlugs.has(value)) return undefined;
      return problem(say.UnknownSpecialitySlug, pointer, value, closest(value, c.specialitySlugs));
    case "doctor-slug":
      if (c.doctorSlugs.has(value)) return undefined;
      return problem(say.UnknownReviewer, pointer, value, closest(value, c.doctorSlugs));
    case "branch-slug":
      if (c.branchSlugs.has(value)) return undefined;
      return problem(say.UnknownBranchSlug, pointer, value, closest(value, c.branchSlugs));
    case "collection":
      return c.collectionIds.includes(value)
        ? undefined
        : problem(say.UnknownCollection, pointer, value, c.collectionIds);
    case "data-file": {
      const folder = path.join(c.siteRoot, "collections");
      // One file, or a folder of that name with a file per treatment page.
      if (c.exists(path.join(folder, value)) || c.exists(path.join(folder, value.replace(/\.json$/, ""))))
        return undefined;
      const names = c.namesIn(folder, "").filter((n) => n.endsWith(".json"));
      return problem(say.MissingDataFile, pointer, value, `${c.display(folder)}/`, closest(value, names));
    }
    case "form": {
      const folder = path.join(c.siteRoot, "forms");
      const formFile = path.join(folder, `${value}.json`);
      if (c.exists(formFile)) return undefined;
      return problem(say.UnknownForm, pointer, value, c.display(formFile), closest(value, c.namesIn(folder, ".json")));
    }
    case "image":
      return checkImage(ref, c);
    case "canonical":
      return checkCanonical(value, pointer, c.model.canonicalBase);
    case "collection-slug": {
      const slugs = file.dataFile ? c.model.collectionSlugs.get(file.dataFile) : undefined;
      if (!slugs || !file.dataFile || slugs.includes(value)) return undefined;
      const made = problem(say.UnknownCollectionSlug, pointer, value, file.dataFile, closest(value, slugs));
      return { ...made, missing: slugKey(file.dataFile, value) };
    }
    case "phone":
    case "tel":
    case "email":
    case "link":
      return contactProblem(ref, c.isPlaceholder);
  }
}

/**
 * What a route that goes nowhere is missing: a treatment page's slug when it is under a
 * collection's route (so the menu's link and the collection's aliases to one old slug are one
 * missing thing), else the route itself.
 */
function missingKey(route: string, model: SiteModel): string {
  for (const p of model.presentations) {
    const prefix = p.route.replace(/:slug$/, "");
    const rest = route.slice(prefix.length);
    if (route.startsWith(prefix) && rest !== "" && !rest.includes("/")) return slugKey(p.dataFile, rest);
  }
  return missingRoute(route);
}

function checkCanonical(url: string, pointer: string, base: string | undefined): UnplacedProblem | undefined {
  if (!base) return undefined;
  if (!URL.canParse(url) || !/^https?:\/\//.test(url)) return problem(say.CanonicalNotAbsolute, pointer, url, base);
  return url.startsWith(`${base}/`) ? undefined : problem(say.CanonicalOutsideBase, pointer, url, base);
}
