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

/**
 * A value a page may not share with another, at its place in the order the checks go through the
 * site's pages; `value` is undefined where the page has none to check (empty, or a title made
 * once per entry). `from` says where its value is in the site model, so a model that differs only
 * in titles and descriptions gives its value at the same place (page-address-index.ts).
 */
export interface Slot {
  field: PageField;
  value: string | undefined;
  place: Place;
  name?: string;
  from:
    | { dataFile: string; position: number; key: (typeof ownedFields)[number][1] }
    | { page: number; key: "title" | "description" };
}

/** What goes through every page once: each value's slot, and the problems of addresses not a page's own. */
export interface AddressPass {
  slots: Slot[];
  /** The problems of each file's addresses (made with the run's way of naming a place). */
  found: Map<string, ((namePlace: NamePlace) => UnplacedProblem)[]>;
  /** Values already reported as not the page's own: not reported again as shared. */
  reported: Set<string>;
}

// A page made once per entry fills in '{name}': its pages differ by that.
const fixed = (v: unknown): v is string => typeof v === "string" && !/\{(name|summary)\}/.test(v);

/** The value a slot has in `model` (the model it was made from, or one differing in titles and descriptions). */
export function slotValue(slot: Slot, model: SiteModel): string | undefined {
  const { from } = slot;
  if ("page" in from) {
    const value = model.pages[from.page]?.meta?.[from.key];
    return fixed(value) ? value : undefined;
  }
  const value = model.collections.get(from.dataFile)?.treatments[from.position]?.[from.key];
  return value ? value : undefined;
}

/** The name a slot's page goes by in `model` (a treatment's name; a page's route). */
export function slotName(slot: Slot, model: SiteModel): string | undefined {
  const { from } = slot;
  return "page" in from ? slot.name : model.collections.get(from.dataFile)?.treatments[from.position]?.name;
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
  const pass = addressPass(model, schemaError);
  const keep = of ? keptValues(model, of, pass.slots) : () => true;
  const found: FoundByFile = new Map();
  for (const [file, made] of pass.found)
    found.set(
      file,
      made.map((make) => make(namePlace)),
    );
  // The first slot of each value, by field: keyed by the value alone, not a text joined from the
  // field and the value for each of 40,000 slots (10,000 treatments).
  const first = new Map<PageField, Map<string, Slot>>();
  for (const item of pass.slots) {
    if (item.value === undefined || !keep(item)) continue;
    let ofField = first.get(item.field);
    if (!ofField) {
      ofField = new Map();
      first.set(item.field, ofField);
    }
    const earlier = ofField.get(item.value);
    if (!earlier) {
      ofField.set(item.value, item);
      continue;
    }
    if (pass.reported.has(`${item.field}\n${item.value}`)) continue;
    addTo(found, item.place.file, duplicate(item, item.value, earlier, namePlace));
  }
  return found;
}

/**
 * Which slots with a value to look at when only the pages of `files` are asked about: those of
 * their pages, and those of other pages whose value one of them holds (valuesOf). Only the other
 * pages' values are kept in sets: a run of 10,000 treatment files, with a few dozen other pages,
 * made sets of the 40,000 values of its own.
 */
function keptValues(model: SiteModel, files: ReadonlySet<string>, slots: readonly Slot[]): (slot: Slot) => boolean {
  const others = new Map<PageField, Set<string>>();
  for (const slot of slots)
    if (slot.value !== undefined && !files.has(slot.place.file)) {
      let values = others.get(slot.field);
      if (!values) {
        values = new Set();
        others.set(slot.field, values);
      }
      values.add(slot.value);
    }
  if (others.size === 0) return () => true;
  const held = valuesOf(model, files, others);
  return (slot) => files.has(slot.place.file) || held.get(slot.field)?.has(slot.value as string) === true;
}

/** The problem of a value a page shares with an earlier one. */
export function duplicate(item: Slot, value: string, earlier: Slot, namePlace: NamePlace): UnplacedProblem {
  const named = namePlace(earlier.place, earlier.name);
  return problem(say.DuplicatePageValue, item.place.pointer, item.field, value, named);
}

export function addTo<T>(found: Map<string, T[]>, file: string, item: T) {
  const list = found.get(file);
  if (list) list.push(item);
  else found.set(file, [item]);
}

/** Goes through every page of the site: each treatment's addresses, and every value no two pages may share. */
export function addressPass(
  model: SiteModel,
  schemaError: (file: string, pointer: string) => boolean = () => false,
): AddressPass {
  const found: AddressPass["found"] = new Map();
  const add = (file: string, make: (namePlace: NamePlace) => UnplacedProblem) => addTo(found, file, make);
  // A value already reported as not the page's own is not reported again as shared.
  const reported = new Set<string>();
  const slots: Slot[] = [];

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
    treatments.forEach((t, position) => {
      // A second entry with one slug has its own error (document-checks.ts): its addresses wait for a slug of its own.
      const file = t.file;
      if (!t.slug || bySlug.get(t.slug) !== t || schemaError(file, at(t, "slug"))) return;
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
        const slug = t.slug;
        add(file, () => {
          const made = problem(say.SlugChanged, at(t, "slug"), slug, old, 0);
          made.explains = [slugKey(presentation.dataFile, old), routeKey(presentation.route.replace(/:slug$/, old))];
          made.reword = (n) => say.SlugChanged.message(slug, old, n);
          return made;
        });
        if (pathWrong) reported.add(`page path\n${t.url}`);
        if (canonicalWrong) reported.add(`canonical address\n${t.canonical}`);
      } else {
        const nameOther = (o: TreatmentFacts | undefined, namePlace: NamePlace) =>
          o && o !== t ? namePlace({ file: o.file, pointer: at(o, "slug") }, o.name) : undefined;
        if (pathWrong) {
          const o = other(oldFromPath);
          add(file, (namePlace) =>
            problem(say.PagePathNotOwn, at(t, "url"), t.url as string, path, nameOther(o, namePlace)),
          );
          reported.add(`page path\n${t.url}`);
        }
        if (canonicalWrong) {
          const o = other(oldFromCanonical);
          add(file, (namePlace) =>
            problem(
              say.CanonicalNotOwn,
              at(t, "canonical_url"),
              t.canonical as string,
              canonical,
              nameOther(o, namePlace),
            ),
          );
          reported.add(`canonical address\n${t.canonical}`);
        }
      }
      for (const [field, key] of ownedFields) {
        const value = t[key];
        slots.push({
          field,
          value: value ? value : undefined,
          place: { file, pointer: at(t, ownedPointers[key]) },
          name: t.name,
          from: { dataFile: presentation.dataFile, position, key },
        });
      }
    });
  }

  const pageFields = [
    ["browser title", "title", "/meta/title"],
    ["meta description", "description", "/meta/description"],
  ] as const;
  model.pages.forEach((page, position) => {
    for (const [field, key, pointer] of pageFields) {
      const value = page.meta?.[key];
      slots.push({
        field,
        value: fixed(value) ? value : undefined,
        place: { file: page.file, pointer },
        name: page.route,
        from: { page: position, key },
      });
    }
  });
  return { slots, found, reported };
}

/** Of the values `among`, those the pages of `files` hold (and so may not share with other pages), by field. */
function valuesOf(
  model: SiteModel,
  files: ReadonlySet<string>,
  among: ReadonlyMap<PageField, ReadonlySet<string>>,
): Map<PageField, Set<string>> {
  const values = new Map<PageField, Set<string>>(ownedFields.map(([field]) => [field, new Set<string>()]));
  // A value's length is asked first: most of 40,000 values have none of the few lengths, and a
  // set asked for a string works out its hash, a read of the whole string.
  const lengths = new Map([...among].map(([field, set]) => [field, new Set([...set].map((v) => v.length))]));
  const hold = (field: PageField, value: string) => {
    if (lengths.get(field)?.has(value.length) && among.get(field)?.has(value)) values.get(field)?.add(value);
  };
  for (const { treatments } of model.collections.values())
    for (const t of treatments) {
      if (!files.has(t.file)) continue;
      for (const [field, key] of ownedFields) {
        const value = t[key];
        if (value) hold(field, value);
      }
    }
  for (const page of model.pages) {
    if (!files.has(page.file)) continue;
    const { title, description } = page.meta ?? {};
    if (typeof title === "string") hold("browser title", title);
    if (typeof description === "string") hold("meta description", description);
  }
  return values;
}

/** "'Total Knee Replacement' (site-config/collections/x.json:212)", or the place alone. */
export function placeWords(name: string | undefined, shown: string): string {
  return name ? `${quote(name)} (${shown})` : shown;
}
