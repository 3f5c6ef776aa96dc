/**
 * Checks across every page of the site that catch copy-paste mistakes: each treatment's page path
 * and canonical address are its own (its collection's route with its slug), and no two pages share
 * a path, a canonical address, a browser title or a meta description. Copying a treatment and
 * changing only its slug and name, as people do, breaks exactly these.
 */
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { PageField } from "./catalogue/pages";
import type { UnplacedProblem } from "./problem";
import type { SiteModel, TreatmentFacts } from "./site-model";
import { quote } from "./words";

/** A place in a file, for naming "the other page". */
export interface Place {
  file: string;
  pointer: string;
}

/** Where a place is, in words with its line: "'Hip Replacement' (site-config/…/x.json:12)". */
export type NamePlace = (place: Place, name: string | undefined) => string;

/** What the checks found, by absolute file path. */
export type FoundByFile = Map<string, UnplacedProblem[]>;

/** The key under which references to a treatment's slug are missing (see UnplacedProblem.missing). */
export const slugKey = (dataFile: string, slug: string) => `slug:${dataFile}:${slug}`;
export const routeKey = (route: string) => `route:${route}`;

const lastSegment = (address: string) => address.slice(address.lastIndexOf("/") + 1);

/** The values of a treatment that no other page may share, and where they are in its file. */
const ownedFields = [
  ["page path", "url"],
  ["canonical address", "canonical"],
  ["browser title", "title"],
  ["meta description", "description"],
] as const;
const ownedPointers = { url: "url", canonical: "canonical_url", title: "meta_title", description: "meta_description" };

interface Owned {
  field: PageField;
  value: string;
  place: Place;
  name?: string;
}

/**
 * The problems, by file. `schemaError(file, pointer)` says whether a value already has a schema
 * error: a slug that is not a slug gets no address problems on top. With `of`, the values shared
 * are looked for only among those the pages of these files have (all of their problems are found,
 * and those of the other pages that share them): a run that checks a few files of 10,000 then
 * keeps a few values, not 40,000.
 */
export function pageAddressProblems(
  model: SiteModel,
  namePlace: NamePlace,
  schemaError: (file: string, pointer: string) => boolean = () => false,
  of?: ReadonlySet<string>,
): FoundByFile {
  const wanted = of && valuesOf(model, of);
  const keep = (field: PageField, value: string) => !wanted || wanted.get(field)?.has(value) === true;
  const found: FoundByFile = new Map();
  const add = (file: string, p: UnplacedProblem) => {
    const list = found.get(file) ?? [];
    list.push(p);
    found.set(file, list);
  };
  // A value already reported as not the page's own is not reported again as shared.
  const reported = new Set<string>();
  const owned: Owned[] = [];

  for (const presentation of model.presentations) {
    const collection = model.collections.get(presentation.dataFile);
    if (!collection) continue;
    const { treatments } = collection;
    // Each treatment is in its collection's file or, in a collection folder, a file of its own.
    const at = (t: TreatmentFacts, field: string) => `${t.at}/${field}`;
    const own = (t: TreatmentFacts) => presentation.route.replace(/:slug$/, t.slug ?? "");
    const bySlug = new Map<string, TreatmentFacts>();
    // Defined once per collection, not per treatment: 10,000 treatments are checked on every save.
    const other = (slug: string | undefined) => (slug ? bySlug.get(slug) : undefined);
    for (const t of treatments) if (t.slug && !bySlug.has(t.slug)) bySlug.set(t.slug, t);
    for (const t of treatments) {
      // A second entry with one slug has its own error (document-checks.ts): its addresses wait for a slug of its own.
      const file = t.file;
      if (!t.slug || bySlug.get(t.slug) !== t || schemaError(file, at(t, "slug"))) continue;
      const path = own(t);
      const canonical = model.canonicalBase ? model.canonicalBase + path : undefined;
      const pathWrong = t.url !== undefined && t.url !== path;
      // A canonical outside the base has a problem of its own (references.ts).
      const canonicalWrong =
        canonical !== undefined &&
        t.canonical !== undefined &&
        t.canonical !== canonical &&
        t.canonical.startsWith(`${model.canonicalBase}/`);
      const oldFromPath = pathWrong ? lastSegment(t.url as string) : undefined;
      const oldFromCanonical = canonicalWrong ? lastSegment(t.canonical as string) : undefined;
      const old = oldFromPath ?? oldFromCanonical;
      const renamed =
        old !== undefined &&
        old !== t.slug &&
        !bySlug.has(old) &&
        (!pathWrong || oldFromPath === old) &&
        (!canonicalWrong || oldFromCanonical === old) &&
        t.url?.startsWith(presentation.route.replace(/:slug$/, ""));
      if (renamed && old) {
        // One mistake, a slug changed alone: one problem at the slug, and what still uses the old one under it.
        const made = problem(say.SlugChanged, at(t, "slug"), t.slug, old, 0);
        made.explains = [slugKey(presentation.dataFile, old), routeKey(presentation.route.replace(/:slug$/, old))];
        made.reword = (n) => say.SlugChanged.message(t.slug as string, old, n);
        add(file, made);
        if (pathWrong) reported.add(`page path\n${t.url}`);
        if (canonicalWrong) reported.add(`canonical address\n${t.canonical}`);
      } else {
        if (pathWrong) {
          const o = other(oldFromPath);
          const named = o && o !== t ? namePlace({ file: o.file, pointer: at(o, "slug") }, o.name) : undefined;
          add(file, problem(say.PagePathNotOwn, at(t, "url"), t.url as string, path, named));
          reported.add(`page path\n${t.url}`);
        }
        if (canonicalWrong) {
          const o = other(oldFromCanonical);
          const named = o && o !== t ? namePlace({ file: o.file, pointer: at(o, "slug") }, o.name) : undefined;
          add(file, problem(say.CanonicalNotOwn, at(t, "canonical_url"), t.canonical as string, canonical, named));
          reported.add(`canonical address\n${t.canonical}`);
        }
      }
      for (const [field, key] of ownedFields) {
        const value = t[key];
        if (value && keep(field, value))
          owned.push({ field, value, place: { file, pointer: at(t, ownedPointers[key]) }, name: t.name });
      }
    }
  }

  for (const page of model.pages) {
    const title = page.meta?.title;
    const description = page.meta?.description;
    // A page made once per entry fills in '{name}': its pages differ by that.
    const fixed = (v: unknown): v is string => typeof v === "string" && !/\{(name|summary)\}/.test(v);
    const name = page.route;
    if (fixed(title) && keep("browser title", title))
      owned.push({ field: "browser title", value: title, place: { file: page.file, pointer: "/meta/title" }, name });
    if (fixed(description) && keep("meta description", description))
      owned.push({
        field: "meta description",
        value: description,
        place: { file: page.file, pointer: "/meta/description" },
        name,
      });
  }

  const first = new Map<string, Owned>();
  for (const item of owned) {
    const key = `${item.field}\n${item.value}`;
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, item);
      continue;
    }
    if (reported.has(key)) continue;
    const named = namePlace(earlier.place, earlier.name);
    add(item.place.file, problem(say.DuplicatePageValue, item.place.pointer, item.field, item.value, named));
  }
  return found;
}

/** The values the pages of `files` may not share with other pages, by field. */
function valuesOf(model: SiteModel, files: ReadonlySet<string>): Map<PageField, Set<string>> {
  const values = new Map<PageField, Set<string>>(ownedFields.map(([field]) => [field, new Set<string>()]));
  for (const { treatments } of model.collections.values())
    for (const t of treatments) {
      if (!files.has(t.file)) continue;
      for (const [field, key] of ownedFields) {
        const value = t[key];
        if (value) values.get(field)?.add(value);
      }
    }
  for (const page of model.pages) {
    if (!files.has(page.file)) continue;
    for (const [field, value] of [
      ["browser title", page.meta?.title],
      ["meta description", page.meta?.description],
    ] as const)
      if (typeof value === "string") values.get(field)?.add(value);
  }
  return values;
}

/** "'Total Knee Replacement' (site-config/collections/x.json:212)", or the place alone. */
export function placeWords(name: string | undefined, shown: string): string {
  return name ? `${quote(name)} (${shown})` : shown;
}
