/**
 * Compiled validators kept between runs, as code. Compiling a schema with ajv is a good part of a
 * validator run that checks few files (a one-change build at 10,000 treatments validates one file
 * and spent a tenth of its time compiling the treatment page's schema), and a fifth of one that
 * checks 10,000. Each validator ajv compiles is written out as ajv's standalone code, in a file
 * named by a hash of the schemas, ajv's version and options and this file's format, and the next
 * run loads it instead of compiling: the same generated code, not a result of any validation.
 *
 * The code is ajv's own, with three kinds of value it refers to taken from this process rather
 * than written out: the project's keywords (`x-ref`, `x-html`: their functions collect what they
 * see), its formats (ajv-formats' functions), and the schemas themselves, so an error's `schema`
 * and `parentSchema` are the very objects of schemas/ (schema-owner.ts knows a schema's file by
 * its object), as when compiled here. A validator whose code refers to anything else is not kept.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { ValidateFunction } from "ajv";
import { _, Name, type ValueScopeName } from "ajv/dist/compile/codegen/index.js";
import standaloneCode from "ajv/dist/standalone/index.js";
import {
  ajvOptions,
  type CompiledStore,
  projectAjv,
  projectFormats,
  projectKeywords,
  schemaBase,
  setCompiledStore,
} from "./ajv";

/** Bumped when the files' shape or the values they take from this process change. */
const formatVersion = 1;

const require = createRequire(import.meta.url);

type Json = Record<string, unknown>;

/** What kept code takes from this process, by name. */
interface Live {
  keyword(name: string): unknown;
  format(name: string): unknown;
  schema(file: string, pointer: string): unknown;
}

/** The name of the parameter kept code reaches the live values through. */
const liveName = "__live";

/**
 * The key of the schemas, ajv and its options, the project's keywords and formats, the code's
 * format: a file of another key is not read. Worked out without an ajv instance, so a run whose
 * validators are all kept never makes one.
 */
function storeKey(): string {
  const hash = createHash("sha1");
  hash.update(String(formatVersion));
  for (const name of ["ajv", "ajv-formats"])
    hash.update((require(`${name}/package.json`) as { version: string }).version);
  hash.update(JSON.stringify(ajvOptions));
  hash.update(JSON.stringify(projectAjv.schemaFiles));
  hash.update(JSON.stringify(projectFormats));
  // The keywords' definitions, their functions' text included: a keyword whose shape changed
  // (its schema type, whether it reports errors) generates other code.
  for (const definition of projectKeywords)
    hash.update(JSON.stringify(definition, (_key, value) => (typeof value === "function" ? String(value) : value)));
  return hash.digest("hex").slice(0, 16);
}

/** Every object of every schema file, with its file and JSON pointer. */
function schemaPlaces(): Map<object, [string, string]> {
  const places = new Map<object, [string, string]>();
  const walk = (value: unknown, file: string, pointer: string) => {
    if (value === null || typeof value !== "object" || places.has(value)) return;
    places.set(value, [file, pointer]);
    for (const [key, child] of Object.entries(value))
      walk(child, file, `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`);
  };
  for (const [file, schema] of Object.entries(projectAjv.schemaFiles)) walk(schema, file, "");
  return places;
}

function at(schema: unknown, pointer: string): unknown {
  let node = schema;
  for (const part of pointer.split("/").slice(1))
    node = (node as Json)[part.replaceAll("~1", "/").replaceAll("~0", "~")];
  return node;
}

/**
 * Gives the values ajv's standalone code cannot write (functions, and the schemas, which it would
 * copy) code that takes them from `__live`; false when some value is of no kind known here.
 */
function nameLiveValues(): boolean {
  const { ajv } = projectAjv;
  const live = new Name(liveName);
  const values = (ajv.scope as unknown as { _values: Record<string, Map<unknown, ValueScopeName>> })._values;
  const keywords = new Map<unknown, string>();
  for (const [name, rule] of Object.entries(ajv.RULES.all)) {
    const validate = typeof rule === "object" && "validate" in rule.definition ? rule.definition.validate : undefined;
    if (validate) keywords.set(validate, name);
  }
  let places: Map<object, [string, string]> | undefined;
  for (const [prefix, names] of Object.entries(values)) {
    // Written by ajv's standalone code itself: its helpers (required by name), patterns, and the
    // validators one schema calls in another.
    if (["func", "pattern", "validate", "root", "wrapper"].includes(prefix)) continue;
    for (const [key, name] of names) {
      const value = name.value as { ref: unknown; code?: unknown } | undefined;
      if (!value) continue;
      if (prefix === "keyword" && keywords.has(value.ref))
        value.code = _`${live}.keyword(${String(keywords.get(value.ref))})`;
      else if (prefix === "formats" && typeof key === "string") value.code ??= _`${live}.format(${key})`;
      else if (prefix === "schema") {
        places ??= schemaPlaces();
        const place = places.get(value.ref as object);
        if (!place) return false;
        value.code = _`${live}.schema(${place[0]}, ${place[1]})`;
      } else return false;
    }
  }
  return true;
}

/**
 * The values kept code refers to, from the project's own definitions rather than an ajv
 * instance (ajv holds the very same functions and format objects once it has them).
 */
function liveValues(): Live {
  const { schemaFiles } = projectAjv;
  const keywords = new Map(projectKeywords.map((definition) => [definition.keyword, definition]));
  const { fullFormats } = require("ajv-formats/dist/formats") as { fullFormats: Record<string, unknown> };
  return {
    keyword: (name) => (keywords.get(name) as { validate?: unknown } | undefined)?.validate,
    format: (name) => fullFormats[name],
    schema: (file, pointer) => at((schemaFiles as Record<string, unknown>)[file], pointer),
  };
}

/**
 * What kept code calls the project's keywords on (`this` in them, which they do not read): the
 * instance, made only if something does read it.
 */
const lazySelf = new Proxy({}, { get: (_target, key) => Reflect.get(projectAjv.ajv, key) });

/** Whether a text holds a UTF-16 surrogate: only then do its length and its characters' count differ. */
const surrogate = /[\ud800-\udfff]/;

/**
 * A string's length in characters (a surrogate pair counts once), as ajv's `ucs2length` gives it,
 * for `minLength` and `maxLength`. Most texts hold no surrogate and their length is their count:
 * one search (at once for a text of Latin-1 alone) instead of a loop over every character, a
 * tenth of the time on a treatment file's texts.
 */
export function characterCount(text: string): number {
  if (!surrogate.test(text)) return text.length;
  ucs2length ??= (require("ajv/dist/runtime/ucs2length") as { default: (text: string) => number }).default;
  return ucs2length(text);
}

let ucs2length: ((text: string) => number) | undefined;

/** What kept code requires: ajv's runtime helpers, `ucs2length` as characterCount. */
const requireRuntime = (name: string): unknown =>
  name === "ajv/dist/runtime/ucs2length" ? { default: characterCount } : require(name);

/**
 * A store of compiled validators in `dir` (node_modules/.cache/validators/ of the project). A file
 * that cannot be read or run is compiled again; one that cannot be written is simply not kept.
 */
export function compiledValidators(dir: string): CompiledStore {
  const key = storeKey();
  const fileOf = (schemaPath: string) => path.join(dir, key, `${schemaPath.replaceAll("/", "__")}.cjs`);
  let values: Live | undefined;
  return {
    load(schemaPath) {
      let code: string;
      try {
        code = readFileSync(fileOf(schemaPath), "utf8");
      } catch {
        return undefined;
      }
      try {
        const module = { exports: {} as Record<string, ValidateFunction> };
        values ??= liveValues();
        // `self`: the ajv instance, which ajv's code calls keywords on, as compiled code has it.
        new Function("module", "exports", "require", "self", liveName, code)(
          module,
          module.exports,
          requireRuntime,
          lazySelf,
          values,
        );
        return module.exports[schemaPath];
      } catch {
        return undefined;
      }
    },
    keep(schemaPath) {
      try {
        if (!nameLiveValues()) return;
        const code = standaloneCode(projectAjv.ajv, { [schemaPath]: schemaBase + schemaPath });
        const file = fileOf(schemaPath);
        mkdirSync(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, code);
        renameSync(temporary, file);
      } catch {
        // Not kept: the next run compiles it again.
      }
    },
  };
}

/** Makes this process's validator runs keep their compiled validators under the project's node_modules/.cache/. */
export function keepCompiledValidators(projectRoot: string) {
  setCompiledStore(compiledValidators(path.join(projectRoot, "node_modules", ".cache", "validators")));
}
