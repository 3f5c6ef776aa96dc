/**
 * The relay's copy of the lead forms, read from site-config/forms/ at start: the relay validates
 * answers and builds leads from the same config the browser renders.
 *
 * The files are checked against schemas/form.schema.json by `npm run validate` before every
 * build; here only what the relay relies on is checked, so it refuses to start on a file it
 * could not use rather than failing on the first lead.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Form } from "../shared/generated/form";

/** site-config/forms/ of this checkout. */
export const defaultFormsDir = path.resolve(import.meta.dirname, "../../site-config/forms");

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

function problemsOf(data: unknown): string[] {
  if (data === null || typeof data !== "object") return ["/ is not an object"];
  const form = data as Partial<Form>;
  const problems: string[] = [];
  if (typeof form.id !== "string") problems.push("/id is missing");
  if (typeof form.kind !== "string") problems.push("/kind is missing");
  if (!Array.isArray(form.fields) || form.fields.length === 0) problems.push("/fields must list at least one field");
  else {
    form.fields.forEach((f, i) => {
      if (typeof f?.name !== "string" || typeof f?.type !== "string")
        problems.push(`/fields/${i} needs a name and a type`);
      if (f?.rules?.pattern && !isRegExp(f.rules.pattern.value))
        problems.push(`/fields/${i}/rules/pattern is not a regular expression`);
    });
  }
  if (form.submitCheck && !isRegExp(form.submitCheck.pattern))
    problems.push("/submitCheck/pattern is not a regular expression");
  const lead = form.lead;
  if (!lead || typeof lead.payload !== "object" || typeof lead.attributes !== "object") {
    problems.push("/lead needs payload and attributes");
  } else if (typeof lead.attributes.Source !== "string") problems.push("/lead/attributes/Source is missing");
  return problems;
}

/** Forms by id, from a directory of {id}.json files. */
export function loadForms(dir: string = defaultFormsDir): Record<string, Form> {
  const forms: Record<string, Form> = {};
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const file = path.join(dir, name);
    const data: unknown = JSON.parse(readFileSync(file, "utf8"));
    const problems = problemsOf(data);
    if (problems.length > 0) {
      throw new Error(
        `${file} is not a form the relay can use:\n  ${problems.join("\n  ")}\nHint: run npm run validate.`,
      );
    }
    const form = data as Form;
    const id = name.replace(/\.json$/, "");
    if (form.id !== id) throw new Error(`${file}: its id '${form.id}' must be its file name '${id}'.`);
    forms[id] = form;
  }
  return forms;
}
