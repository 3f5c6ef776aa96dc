/**
 * Checks within one document that its schema cannot express: unique slugs, a form's id and its
 * file name, and the placeholders of a form's lead templates. Warnings are added here too, so a
 * document is read once (sample entries and declared placeholders: placeholders.ts).
 */
import path from "node:path";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { childPointer, type UnplacedProblem } from "./problem";
import { closest } from "./suggest";
import { collectionMetaWarnings, metaWarnings } from "./warnings";

type Json = Record<string, unknown>;

/** The list of each kind of file whose entries are named by slug, so the slugs must differ. */
const sluggedLists: Record<string, string> = {
  "blog-posts.schema.json": "posts",
  "branches.schema.json": "branches",
  "collection.schema.json": "sub_departments",
  "doctors.schema.json": "doctors",
  "packages.schema.json": "packages",
  "specialities.schema.json": "specialities",
};

/** Context names a payload template may use besides the form's own fields. */
export const pageValues = ["treatment", "department", "speciality", "language"];

/** Problems and warnings of one valid-shaped document that need nothing but the document. */
export function documentChecks(schema: string, data: Json, file: string): UnplacedProblem[] {
  const problems: UnplacedProblem[] = [];
  const list = sluggedLists[schema];
  if (list) problems.push(...duplicateSlugs(data[list], `/${list}`, file));
  if (schema === "collection.schema.json") problems.push(...collectionMetaWarnings(data));
  if (schema === "treatment-page.schema.json") problems.push(...treatmentPageChecks(data, file));
  if (schema === "form.schema.json") problems.push(...formChecks(data, path.basename(file, ".json")));
  return problems;
}

/** A treatment page file of a collection folder: named after its slug, and its meta lengths. */
function treatmentPageChecks(data: Json, file: string): UnplacedProblem[] {
  const problems: UnplacedProblem[] = [];
  const fileName = path.basename(file);
  if (typeof data.slug === "string" && `${data.slug}.json` !== fileName)
    problems.push(problem(say.SlugNotFileName, "/slug", data.slug, fileName));
  problems.push(...metaWarnings(data.meta_title, data.meta_description, "/meta_title", "/meta_description"));
  return problems;
}

/**
 * What a translation's keys of `file` miss when its list's entries cannot be told apart by slug:
 * every key then names no text (translations.ts), and those follow from the duplicate (fold.ts).
 */
export const translationKeysOf = (file: string) => `translation keys:${path.resolve(file)}`;

function duplicateSlugs(entries: unknown, listAt: string, file: string): UnplacedProblem[] {
  if (!Array.isArray(entries)) return [];
  const firstAt = new Map<string, string>();
  const problems: UnplacedProblem[] = [];
  entries.forEach((entry: Json | null, i) => {
    const slug = entry && typeof entry === "object" ? entry.slug : undefined;
    if (typeof slug !== "string") return;
    const at = `${listAt}/${i}/slug`;
    const first = firstAt.get(slug);
    if (first) problems.push({ ...problem(say.DuplicateSlug, at, slug, first), explains: [translationKeysOf(file)] });
    else firstAt.set(slug, at);
  });
  return problems;
}

const placeholders = (template: string) => [...template.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
const objectOrEmpty = (value: unknown): Json => (value && typeof value === "object" ? (value as Json) : {});

function formChecks(form: Json, fileId: string): UnplacedProblem[] {
  const problems: UnplacedProblem[] = [];
  if (typeof form.id === "string" && form.id !== fileId)
    problems.push(problem(say.FormIdMismatch, "/id", form.id, fileId));
  const fields = (Array.isArray(form.fields) ? form.fields : []).flatMap((f: Json | null) =>
    f && typeof f.name === "string" ? [f.name] : [],
  );
  const lead = objectOrEmpty(form.lead);
  const payload = objectOrEmpty(lead.payload);
  const payloadNames = [...fields, ...pageValues];
  for (const [key, template] of Object.entries(payload)) {
    if (typeof template !== "string") continue;
    for (const name of placeholders(template)) {
      if (payloadNames.includes(name)) continue;
      const at = childPointer("/lead/payload", key);
      problems.push(problem(say.UnknownPayloadPlaceholder, at, name, fields, closest(name, payloadNames)));
    }
  }
  const payloadKeys = Object.keys(payload);
  // The page's language reaches the CRM without being a payload field of the spec's lead kinds.
  const attributeNames = [...payloadKeys, "language"];
  for (const [key, template] of Object.entries(objectOrEmpty(lead.attributes))) {
    if (typeof template !== "string") continue;
    for (const name of placeholders(template)) {
      if (attributeNames.includes(name)) continue;
      const at = childPointer("/lead/attributes", key);
      problems.push(problem(say.UnknownAttributePlaceholder, at, name, payloadKeys, closest(name, attributeNames)));
    }
  }
  return problems;
}
