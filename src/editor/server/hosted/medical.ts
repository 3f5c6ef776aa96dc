/**
 * The medical part of a change set, from its files as text: which pages of medical content
 * (treatments, speciality pages, articles: site.json's "clinicalReview") it adds or changes, and
 * the files with a clinical reviewer's review written on those pages. A page's own "review" is
 * left out of the comparison, so recording a review is not itself a medical change.
 */
import type { MedicalKind } from "../../../shared/clinical-review";
import type { MedicalReview } from "../../../shared/generated/defs";
import { printJson } from "../../shared/json-format";

type Json = Record<string, unknown>;

/** Where the entries of a medical file are, and what kind they are. */
export interface MedicalFile {
  kind: MedicalKind;
  /** The list of entries ("/sub_departments"), or "" when the file is one treatment. */
  list: string;
  /** The address of an entry's page, from its data. */
  path: (entry: Json) => string | undefined;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The medical file `file` (a path from the repository's root) is, if any. */
export function medicalFile(file: string): MedicalFile | undefined {
  if (file === "site-config/specialities.json")
    return { kind: "specialities", list: "/specialities", path: (e) => `/specialities/${text(e.slug)}` };
  if (file === "site-config/blog-posts.json")
    return { kind: "blog-posts", list: "/posts", path: (e) => `/blogs/${text(e.slug)}` };
  const inCollections = /^site-config\/collections\/(?:([^/]+)\.json|[^/]+\/([^/]+)\.json)$/.exec(file);
  if (!inCollections || file.endsWith(".presentation.json") || inCollections[2] === "_collection") return undefined;
  return { kind: "treatments", list: inCollections[1] ? "/sub_departments" : "", path: (e) => text(e.url) };
}

/** A medical page a change set adds or changes. */
export interface MedicalEntry {
  file: string;
  kind: MedicalKind;
  /** Its pointer in the file as the change set has it ("/sub_departments/3", "" for a file of its own). */
  pointer: string;
  name: string;
  path?: string;
}

function entriesIn(data: unknown, list: string): Map<string, { entry: Json; pointer: string }> {
  const found = new Map<string, { entry: Json; pointer: string }>();
  if (data === null || typeof data !== "object") return found;
  if (list === "") {
    found.set(text((data as Json).slug) ?? "", { entry: data as Json, pointer: "" });
    return found;
  }
  const items = (data as Json)[list.slice(1)];
  if (!Array.isArray(items)) return found;
  items.forEach((entry, i) => {
    if (entry && typeof entry === "object")
      found.set(text((entry as Json).slug) ?? `#${i}`, { entry: entry as Json, pointer: `${list}/${i}` });
  });
  return found;
}

const parsed = (source: string | undefined): unknown => {
  try {
    return source === undefined ? undefined : JSON.parse(source);
  } catch {
    return undefined;
  }
};

/** An entry as compared: without its review. */
const content = (entry: Json | undefined) => (entry ? JSON.stringify({ ...entry, review: undefined }) : undefined);

/** The medical pages `after` adds or changes compared with `before` (the file's texts). */
export function changedMedicalEntries(
  file: string,
  before: string | undefined,
  after: string | undefined,
  kinds: readonly MedicalKind[],
): MedicalEntry[] {
  const medical = medicalFile(file);
  if (!medical || !kinds.includes(medical.kind)) return [];
  const old = entriesIn(parsed(before), medical.list);
  return [...entriesIn(parsed(after), medical.list)].flatMap(([slug, { entry, pointer }]) =>
    content(old.get(slug)?.entry) === content(entry)
      ? []
      : [
          {
            file,
            kind: medical.kind,
            pointer,
            name: text(entry.name) ?? text(entry.title) ?? slug,
            path: medical.path(entry),
          },
        ],
  );
}

/** `source` with `review` written on the entries at `pointers`, in the file's own layout. */
export function withReviews(source: string, pointers: readonly string[], review: MedicalReview): string {
  const data = JSON.parse(source) as Json;
  for (const pointer of pointers) {
    const entry = pointer === "" ? data : pointerTarget(data, pointer);
    if (entry) entry.review = { ...review };
  }
  return printJson(data, source);
}

function pointerTarget(data: Json, pointer: string): Json | undefined {
  let at: unknown = data;
  for (const part of pointer.split("/").slice(1)) at = (at as Json | undefined)?.[part];
  return at && typeof at === "object" ? (at as Json) : undefined;
}
