/**
 * The project's one ajv instance. Every schema under schemas/ is added once and compiled on first
 * use; the CLI, the editor's server and the editor's form all validate through here so they agree
 * on what is valid. Nothing here needs Node: the editor's browser app loads it too.
 */
import type { KeywordDefinition, Options } from "ajv";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import type AjvCore from "ajv/dist/core.js";
import addFormats from "ajv-formats";
import { schemaFiles } from "../shared/generated/schema-index";
import { findHtmlProblems } from "../shared/html/html";
import { siteLinksIn } from "../shared/html/site-links";

/**
 * Kinds of value a schema marks with `x-ref` to be checked against more than the schema: most are
 * cross-references (validation/references.ts); "phone", "tel", "email" and "link" are checked for
 * whether people can dial or mail them (validation/contact-checks.ts). "text-link" is not marked:
 * it is the address of a link to this site inside an `x-html` text, found by that keyword.
 */
export type RefKind =
  | "branch-slug"
  | "canonical"
  | "collection"
  | "collection-slug"
  | "data-file"
  | "doctor-slug"
  | "email"
  | "form"
  | "image"
  | "link"
  | "phone"
  | "route"
  | "speciality-name"
  | "speciality-slug"
  | "tel"
  | "text-link";

/** A value the schema marked as a reference, found while validating, with where it stands. */
export interface RefUse {
  kind: RefKind;
  value: string;
  pointer: string;
  /** An image's declared width and height, when it sits in an object that has both. */
  declared?: { width: number; height: number };
  /** A number as shown: the number for dialling beside it ("phoneTel"), when there is one. */
  dialled?: string;
  /** An image's alternative text, when it sits in an object that has one. */
  alt?: string;
}

/** The URI every schema's $id starts with. */
export const schemaBase = "https://schemas.hospital-site.local/";

// ajv's keyword callbacks cannot return data, so `x-ref` hands what it sees to the collector of
// the validation under way. Validation is synchronous, so one slot is enough.
let collector: RefUse[] | null = null;
// Where `x-html` stands, likewise: a translation of a text is HTML only where the English one is.
let htmlCollector: string[] | null = null;

/**
 * The options of the project's ajv: all errors, with the schema and data each is about, so
 * schema-errors.ts can say what was expected (a property's title, the allowed names) and what was
 * found; it costs nothing while a document is valid. The schemas are checked against the 2020-12
 * meta-schema by a test (tests/validate/schemas.test.ts), not on every start of every tool
 * (~50 ms each time).
 */
export const ajvOptions = {
  allErrors: true,
  discriminator: true,
  strict: true,
  strictRequired: false,
  allowUnionTypes: true,
  verbose: true,
  validateSchema: false,
  // In a browser (the editor's app) every page load compiles the schemas it needs, and a person
  // waits for that: unoptimised code compiles in ~2/3 of the time. The CLI and the editor's server
  // validate many documents with each compiled schema, where the optimised code runs faster.
  // Outside a browser each compiled validator keeps its code, so it can be written out and loaded
  // by the next run instead of compiled again (compiled-validators.ts).
  code: { optimize: typeof document === "undefined", source: typeof document === "undefined" },
} as const satisfies Options;

/** The keywords the schemas use besides JSON Schema's own, as ajv's `addKeyword` takes them. */
export const projectKeywords: readonly KeywordDefinition[] = [
  // Names a $defs entry's generated type where its title is a label for people (gen-types.ts).
  { keyword: "x-type-name", schemaType: "string" },
  {
    keyword: "x-ref",
    schemaType: "string",
    validate(kind: RefKind, data: unknown, _schema?: unknown, cxt?: { instancePath: string; parentData?: unknown }) {
      if (!collector || typeof data !== "string") return true;
      const ref: RefUse = { kind, value: data, pointer: cxt?.instancePath ?? "" };
      const { width, height } = (cxt?.parentData ?? {}) as { width?: unknown; height?: unknown };
      // The image's own size is checked against its file, which needs both numbers beside it.
      if (kind === "image" && Number.isInteger(width) && Number.isInteger(height))
        ref.declared = { width: width as number, height: height as number };
      const { alt } = (cxt?.parentData ?? {}) as { alt?: unknown };
      if (kind === "image" && typeof alt === "string") ref.alt = alt;
      // A number as shown and the number a tap dials sit side by side; they must be one number.
      const { phoneTel } = (cxt?.parentData ?? {}) as { phoneTel?: unknown };
      if (kind === "phone" && typeof phoneTel === "string") ref.dialled = phoneTel;
      collector.push(ref);
      return true;
    },
  } as KeywordDefinition,
  {
    keyword: "x-html",
    schemaType: "boolean",
    errors: true,
    validate: function checkHtml(
      this: unknown,
      _on: boolean,
      data: unknown,
      _schema?: unknown,
      cxt?: { instancePath: string },
    ) {
      if (typeof data !== "string") return true;
      htmlCollector?.push(cxt?.instancePath ?? "");
      const problems = findHtmlProblems(data);
      if (problems.length === 0) {
        // A link to this site inside the text must lead somewhere, as a route in config must.
        for (const value of siteLinksIn(data))
          collector?.push({ kind: "text-link", value, pointer: cxt?.instancePath ?? "" });
        return true;
      }
      (checkHtml as { errors?: Partial<ErrorObject>[] }).errors = [
        { keyword: "x-html", message: problems.join("; "), params: { problems } },
      ];
      return false;
    },
  } as KeywordDefinition,
];

/** The formats the schemas use, from ajv-formats. */
export const projectFormats = ["email", "regex", "date", "uri"] as const;

/**
 * Teaches an ajv the project's formats and keywords (`x-ref`, `x-html`). The one instance below
 * is made with it, and so is the editor form's validator, which @rjsf/core needs for its own
 * work (choosing among a schema's options), so the two agree on what is valid.
 */
export function addVocabulary<A extends AjvCore>(ajv: A): A {
  addFormats(ajv, [...projectFormats]);
  for (const definition of projectKeywords) ajv.addKeyword(definition);
  return ajv;
}

function createAjv() {
  const ajv = addVocabulary(new Ajv2020(ajvOptions));
  for (const schema of Object.values(schemaFiles)) ajv.addSchema(schema as object);
  return ajv;
}

/**
 * The instance, made when first needed: a run whose validators were all compiled by an earlier
 * one (compiled-validators.ts) never makes it, nor loads ajv's compiler (in the CLI's bundle,
 * ajv is required on first use: scripts/validate.mjs), about 0.06 s of CPU in each thread.
 */
let instance: Ajv2020 | undefined;
const projectInstance = () => {
  instance ??= createAjv();
  return instance;
};

/**
 * Where validators compiled by an earlier run are kept (in Node: compiled-validators.ts): `load`
 * gives a schema's, or undefined; `keep` is handed each validator this instance compiles.
 */
export interface CompiledStore {
  load(schemaPath: string): ValidateFunction | undefined;
  keep(schemaPath: string, validate: ValidateFunction): void;
}

let store: CompiledStore | undefined;
const loaded = new Map<string, ValidateFunction>();

/** Takes validators from `kept` before compiling them, and hands it those compiled. */
export function setCompiledStore(kept: CompiledStore | undefined) {
  store = kept;
  loaded.clear();
}

/** The project's ajv instance (made on first use) and what its compiled code refers to (compiled-validators.ts). */
export const projectAjv = {
  get ajv(): Ajv2020 {
    return projectInstance();
  },
  schemaFiles,
};

/** The compiled validator of a schema, by its path under schemas/ ("page.schema.json"). */
export function validatorFor(schemaPath: string): ValidateFunction {
  const known = loaded.get(schemaPath) ?? store?.load(schemaPath);
  if (known) {
    loaded.set(schemaPath, known);
    return known;
  }
  const validate = projectInstance().getSchema(schemaBase + schemaPath);
  if (!validate) throw new Error(`No schema 'schemas/${schemaPath}' is known.`);
  store?.keep(schemaPath, validate);
  loaded.set(schemaPath, validate);
  return validate;
}

/** Paths under schemas/ of every known schema. */
export const knownSchemas = Object.keys(schemaFiles);

/** The result of validating one document: ajv's errors and the references it holds. */
export interface ValidationResult {
  valid: boolean;
  errors: ErrorObject[];
  refs: RefUse[];
  /** Pointers of the strings the schema takes as inline HTML (`x-html`); every other text is plain. */
  html: string[];
}

/** Validates a parsed document against a schema, collecting its marked references. */
export function validateDocument(schemaPath: string, data: unknown): ValidationResult {
  const validate = validatorFor(schemaPath);
  const refs: RefUse[] = [];
  const html: string[] = [];
  collector = refs;
  htmlCollector = html;
  try {
    const valid = validate(data) as boolean;
    return { valid, errors: valid ? [] : [...(validate.errors ?? [])], refs, html };
  } finally {
    collector = null;
    htmlCollector = null;
  }
}
