/**
 * Which schema a file uses. A file names its schema with "$schema", a path relative to the file
 * (as editors read it) that must land inside schemas/.
 */
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { knownSchemas } from "./ajv";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { UnplacedProblem } from "./problem";
import { closest } from "./suggest";
import { describe } from "./words";

/** The schema a file uses ("page.schema.json"), or the problem that says why there is none. */
export type SchemaChoice = { schema: string } | { problem: UnplacedProblem };

/** Resolves files' "$schema" values, remembering answers per folder and value. */
export class SchemaResolver {
  private readonly cache = new Map<string, { schema: string }>();
  private readonly known = new Set(knownSchemas);
  /** Folders that are schemas/ for suggestions: the project's, and a link to it beside the site. */
  private readonly schemaFolders: string[];
  /** schemas/ itself, links resolved, as the files' "$schema" targets are. */
  private readonly realSchemasDir: string;

  constructor(schemasDir: string, siteRoot?: string) {
    this.realSchemasDir = realpathSync(schemasDir);
    this.schemaFolders = [schemasDir];
    const beside = siteRoot && path.join(siteRoot, "..", "schemas");
    if (beside && beside !== schemasDir && existsSync(beside) && realpathSync(beside) === this.realSchemasDir) {
      this.schemaFolders.push(beside);
    }
  }

  /** The schema of a file whose parsed content is `data`. */
  choose(file: string, data: unknown): SchemaChoice {
    if (data === null || typeof data !== "object" || Array.isArray(data)) {
      return { problem: problem(say.NotAnObject, "", describe(data)) };
    }
    const value = (data as Record<string, unknown>).$schema;
    const dir = path.dirname(file);
    if (value === undefined) return { problem: problem(say.MissingSchema, "", this.suggestFor(file, dir)) };
    if (typeof value !== "string") {
      return {
        problem: problem(say.BadSchemaPath, "/$schema", String(value), "is not text", this.suggestFor(file, dir)),
      };
    }
    // Files of one folder name their schema alike, so a folder's answer serves all its files.
    // Only answers that found a schema are kept: a problem's suggestion depends on the file.
    const key = `${dir}\0${value}`;
    const known = this.cache.get(key);
    if (known) return known;
    const choice = this.resolve(file, dir, value);
    if ("schema" in choice) this.cache.set(key, choice);
    return choice;
  }

  private resolve(file: string, dir: string, value: string): SchemaChoice {
    const bad = (reason: string, suggested = this.suggestFor(file, dir, value)): SchemaChoice => ({
      problem: problem(say.BadSchemaPath, "/$schema", value, reason, suggested),
    });
    if (/^[a-z]+:\/\//i.test(value)) return bad("is a web address, not a path");
    const target = path.resolve(dir, value);
    if (!existsSync(target)) return bad("does not exist");
    const rel = path.relative(this.realSchemasDir, realpathSync(target)).split(path.sep).join("/");
    if (rel.startsWith("../") || path.isAbsolute(rel)) return bad("is outside schemas/");
    if (!this.known.has(rel)) return bad("is not one of the schemas");
    return { schema: rel };
  }

  /** The "$schema" value this file most likely needs, as a path from its folder. */
  private suggestFor(file: string, dir: string, value?: string): string | undefined {
    const named = value ? closest(path.basename(value), knownSchemas) : undefined;
    const schema = guessSchema(file) ?? named;
    return schema && this.relativeFrom(dir, schema);
  }

  private relativeFrom(dir: string, schema: string): string {
    const [shortest] = this.schemaFolders
      .map((folder) => path.relative(dir, path.join(folder, schema)).split(path.sep).join("/"))
      .sort((a, b) => a.length - b.length);
    return shortest.startsWith(".") ? shortest : `./${shortest}`;
  }
}

const byName: Record<string, string> = {
  "site.json": "site.schema.json",
  "navigation.json": "navigation.schema.json",
  "footer.json": "footer.schema.json",
  "branches.json": "branches.schema.json",
  "specialities.json": "specialities.schema.json",
  "interface.json": "interface.schema.json",
};

/** The schema a file's name and folder suggest, following site-config/'s layout. */
export function guessSchema(file: string): string | undefined {
  const name = path.basename(file);
  const folder = path.basename(path.dirname(file));
  if (name.endsWith(".presentation.json")) return "presentation.schema.json";
  if (name.endsWith("-sub-departments.json")) return "collection.schema.json";
  if (folder.endsWith("-sub-departments"))
    return name === "_collection.json" ? "collection-settings.schema.json" : "treatment-page.schema.json";
  if (folder === "pages") return "page.schema.json";
  if (folder === "forms") return "form.schema.json";
  if (file.includes(`${path.sep}site-config${path.sep}i18n${path.sep}`)) return "translation.schema.json";
  return byName[name];
}
