/**
 * The first pass over one file: read it, parse it with JSON.parse, validate it with its schema's
 * compiled validator, run the checks that need only the file, and note what it tells the site
 * model. Everything else waits until every file has had its first pass.
 */
import path from "node:path";
import { derivedStatus } from "../shared/i18n/review";
import { hasDocumentTexts } from "../shared/i18n/texts";
import { type RefUse, validateDocument } from "./ajv";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import { documentChecks } from "./document-checks";
import { findSyntaxMistake } from "./json-syntax";
import { type PlaceholderRule, placeholdersFile } from "./placeholders";
import { stepsOf } from "./positions";
import type { UnplacedProblem } from "./problem";
import { type Naming, schemaProblems } from "./schema-errors";
import { guessSchema, SchemaResolver } from "./schema-resolver";
import { type Fact, factOf } from "./site-model";
import { stringProblems } from "./string-checks";
import { screenText } from "./text-screen";

/** One file to go through; `validate` false reads a site file only for the model. */
export interface Job {
  file: string;
  validate: boolean;
}

/** What the first pass found in one file. */
export interface Checked {
  file: string;
  validate: boolean;
  problems: UnplacedProblem[];
  refs: RefUse[];
  schema?: string;
  /** The data file a presentation names. */
  dataFile?: string;
  /** Pointers with schema errors, whose references are not checked again. */
  skip: string[];
  /** What the file tells the site model, for files of the site folder. */
  fact?: Fact;
  /**
   * Whether an English file of the site folder holds texts to translate (site.json's check of
   * what each language lacks asks it of every file, and would otherwise read them all again).
   */
  hasTexts?: boolean;
  /** Whether a translation file is a draft (site.json's per-language list of drafts, likewise). */
  draft?: boolean;
  /** Pointers of its strings the schema takes as inline HTML: its translations' are HTML too. */
  html?: string[];
}

/** Where the first pass runs: the site folder and the project's schemas. */
export interface PassOneSettings {
  siteRoot: string;
  schemasDir: string;
  /** How schema problems name values: by property (the CLI, default) or by label (the editor). */
  naming?: Naming;
  /**
   * Whether to note if each English file holds texts (`hasTexts`), which only site.json's check
   * of what each language lacks asks (default true). A run that neither checks site.json nor keeps
   * its results skips it: a walk of every document, a twentieth of a first pass.
   */
  texts?: boolean;
}

/** What the first pass looks for besides the schema: the site's declared placeholders. */
interface PassOneFinds {
  placeholders: readonly PlaceholderRule[];
}

type Json = Record<string, unknown>;

/** Texts longer than this (characters) are large: their problems are put in order without the text where they can be. */
const largeText = 1_000_000;

/** Runs the first pass; make one per run. */
export class FileChecker {
  private readonly resolver: SchemaResolver;
  private readonly collectionsDir: string;
  private readonly sitePrefix: string;
  private readonly declarations: string;
  private readonly translationsPrefix: string;
  private readonly naming: Naming;
  private readonly texts: boolean;

  /** `read` gives a file's text (from disk, or the run's overlay); it throws as readFileSync does. */
  constructor(
    settings: PassOneSettings,
    private readonly read: (file: string) => string,
    private readonly finds: PassOneFinds = { placeholders: [] },
  ) {
    this.resolver = new SchemaResolver(settings.schemasDir, settings.siteRoot);
    this.collectionsDir = path.join(settings.siteRoot, "collections");
    this.sitePrefix = settings.siteRoot + path.sep;
    this.declarations = path.join(settings.siteRoot, placeholdersFile);
    this.translationsPrefix = path.join(settings.siteRoot, "i18n") + path.sep;
    this.naming = settings.naming ?? "properties";
    this.texts = settings.texts ?? true;
  }

  check({ file, validate }: Job): Checked {
    const result: Checked = { file, validate, problems: [], refs: [], skip: [] };
    const inSite = file.startsWith(this.sitePrefix);
    // What a site file that cannot be read defines is unknown; the model must know that.
    const unread = () => {
      if (inSite) result.fact = { kind: "unread", schema: guessSchema(file) ?? "*" };
    };
    let text: string;
    try {
      text = this.read(file);
    } catch (error) {
      unread();
      result.problems.push(problem(say.UnreadableFile, "", (error as NodeJS.ErrnoException).code ?? String(error)));
      return result;
    }
    let data: unknown;
    try {
      data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch (error) {
      unread();
      if (!validate) return result;
      const mistake = findSyntaxMistake(text);
      const words = mistake?.message ?? `${(error as Error).message}.`;
      const made = problem(say.JsonSyntax, "", words);
      result.problems.push({ ...made, line: mistake?.line ?? 1, column: mistake?.column ?? 1 });
      return result;
    }
    const choice = this.resolver.choose(file, data);
    if ("problem" in choice) {
      unread();
      result.problems.push(choice.problem);
      return result;
    }
    const json = data as Json;
    if (inSite) result.fact = factOf(choice.schema, json, file, this.collectionsDir);
    if (inSite && this.texts && !file.startsWith(this.translationsPrefix)) result.hasTexts = hasDocumentTexts(json);
    if (file.startsWith(this.translationsPrefix)) result.draft = derivedStatus(json) === "draft";
    if (!validate) return result;
    result.schema = choice.schema;
    this.validate(result, choice.schema, json, text);
    // A large file's problems say which of their steps are list items (positions.ts orders them by it).
    if (text.length > largeText) for (const p of result.problems) p.steps = stepsOf(json, p.pointer);
    return result;
  }

  private validate(result: Checked, schema: string, json: Json, text: string) {
    let outcome: ReturnType<typeof validateDocument>;
    try {
      outcome = validateDocument(schema, json);
    } catch (error) {
      // A schema that does not compile is a developer's mistake; say which, and check the rest.
      result.problems.push(problem(say.BrokenSchema, "", schema, (error as Error).message));
      return;
    }
    result.refs = outcome.refs;
    result.html = outcome.html;
    // The text rule holds for every string; a plain-text field's markup is worth a warning (an
    // English file's: a translation's is checked against its English field, translations.ts).
    // The declarations hold every placeholder's text: they are the one file not searched for them.
    const declarations = result.file === this.declarations;
    const screen = screenText(text, declarations ? [] : this.finds.placeholders);
    if (declarations) screen.sample = false;
    const english = !result.file.startsWith(this.translationsPrefix);
    const strings = stringProblems(json, screen, english ? new Set(outcome.html) : undefined);
    result.problems.push(...strings.refused, ...strings.markup);
    if (outcome.errors.length > 0) {
      result.problems.push(...schemaProblems(outcome.errors, schema, "object", this.naming));
      result.skip = outcome.errors.map((e) => e.instancePath);
    }
    result.problems.push(...documentChecks(schema, json, result.file));
    result.problems.push(...strings.placeholders);
    if (schema === "presentation.schema.json" && typeof json.dataFile === "string") result.dataFile = json.dataFile;
  }
}
