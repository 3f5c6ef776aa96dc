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
import { ajvOptions, type CompiledStore, projectAjv, schemaBase, setCompiledStore } from "./ajv";

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
const live = new Name(liveName);

/** The key of the schemas, ajv and its options, the code's format: a file of another key is not read. */
function storeKey(): string {
  const hash = createHash("sha1");
  hash.update(String(formatVersion));
  hash.update((require("ajv/package.json") as { version: string }).version);
  hash.update(JSON.stringify(ajvOptions));
  hash.update(JSON.stringify(projectAjv.schemaFiles));
  // The keywords' definitions, their functions' text included: a keyword whose shape changed
  // (its schema type, whether it reports errors) generates other code.
  for (const [name, rule] of Object.entries(projectAjv.ajv.RULES.all))
    hash.update(
      `${name}:${JSON.stringify(typeof rule === "object" ? rule.definition : rule, (_key, value) =>
        typeof value === "function" ? String(value) : value,
      )}`,
    );
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

/** The schema objects ajv was given keep their code as copies until named live (nameLiveValues). */
function liveValues(): Live {
  const { ajv, schemaFiles } = projectAjv;
  return {
    keyword: (name) => (ajv.RULES.all[name] as { definition: { validate?: unknown } }).definition.validate,
    format: (name) => ajv.formats[name],
    schema: (file, pointer) => at((schemaFiles as Record<string, unknown>)[file], pointer),
  };
}

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
          require,
          projectAjv.ajv,
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
