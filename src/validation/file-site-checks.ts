/**
 * The checks of one file that need more than the file (run.ts calls them once the first pass of
 * every file is done): a translation against its English file, how collections are stored, and
 * a page's route and meta lengths against the whole site.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { Checked } from "./check-file";
import type { UnplacedProblem } from "./problem";
import type { RunOptions } from "./run-types";
import type { SiteModel } from "./site-model";
import { translationChecks, translationTarget, untranslatedFileWarnings } from "./translations";
import { pageMetaWarnings } from "./warnings";

/** A translation against its English file; on site.json, the files each language lacks. */
export function languageChecks(
  file: string,
  schema: string,
  options: RunOptions,
  read: (file: string) => string,
  display: (file: string) => string,
  broken: (file: string) => boolean,
  firstPass: {
    /** Whether an English file holds texts, and whether a translation is a draft, from the first pass. */
    textsIn: (file: string) => boolean | undefined;
    draftIn: (file: string) => boolean | undefined;
    /** Whether a file was in this run and came from the cache (unchanged since its result was kept). */
    unchanged: (file: string) => boolean;
    /** The pointers of an English file's HTML fields, when the first pass validated it. */
    htmlFields: (file: string) => readonly string[] | undefined;
  },
): UnplacedProblem[] {
  const { textsIn, draftIn, unchanged } = firstPass;
  const settings = {
    siteRoot: options.siteRoot,
    read,
    display,
    hasSchemaErrors: broken,
    htmlFields: firstPass.htmlFields,
  };
  if (schema === "site.schema.json") {
    if (path.dirname(file) !== options.siteRoot) return [];
    const siteFiles = (options.keptSite?.files ?? options.jobs.map((j) => j.file)).filter((f) =>
      f.startsWith(options.siteRoot + path.sep),
    );
    return untranslatedFileWarnings(siteFiles, settings, textsIn, draftIn);
  }
  // Kept from the last run while the translation, its English file and site.json are unchanged:
  // a site with 10,000 translated treatments checked each against its English file on every build.
  const { cache } = options;
  const english = translationTarget(options.siteRoot, file)?.english;
  const inputs = [file, english, path.join(options.siteRoot, "site.json")];
  const kept = inputs.every((f) => f !== undefined && unchanged(f)) ? cache?.getTranslation?.(file) : undefined;
  let problems = kept;
  if (!problems) {
    try {
      problems = translationChecks(file, JSON.parse(read(file)), settings);
    } catch {
      problems = [];
    }
  }
  if (!options.overlay?.has(file)) cache?.setTranslation?.(file, problems);
  return problems.map((p) => ({ ...p }));
}

/**
 * The check of how collections are stored, for one run: a collection stored as a file and as a
 * folder, or a folder without its settings file. What collections/ holds is listed once a run
 * (10,000 collection files each asked the disk whether a folder stood beside them).
 */
export function storageChecks(
  siteRoot: string,
  display: (file: string) => string,
): (result: Checked) => UnplacedProblem[] {
  const collections = path.join(siteRoot, "collections");
  const reported = new Set<string>();
  let entries: Set<string> | undefined;
  const beside = (name: string) => {
    if (!entries) {
      try {
        entries = new Set(readdirSync(collections));
      } catch {
        entries = new Set();
      }
    }
    return entries.has(name);
  };
  return (result) => {
    if (result.schema === "collection.schema.json" && path.dirname(result.file) === collections) {
      const folder = result.file.replace(/\.json$/, "");
      if (beside(path.basename(folder)))
        return [problem(say.CollectionStoredTwice, "", display(result.file), `${display(folder)}/`)];
    }
    if (result.schema === "treatment-page.schema.json") {
      const folder = path.dirname(result.file);
      if (reported.has(folder) || path.dirname(folder) !== collections) return [];
      reported.add(folder);
      if (!existsSync(path.join(folder, "_collection.json")))
        return [problem(say.MissingCollectionSettings, "", `${display(folder)}/`)];
    }
    return [];
  };
}

/** Checks of a page that need the whole site: a route of its own, and its meta lengths. */
export function pageChecks(file: string, model: SiteModel, display: (file: string) => string): UnplacedProblem[] {
  const page = model.pages.find((p) => p.file === file);
  if (!page) return [];
  const problems = pageMetaWarnings(page, model);
  const first = model.pages.find((p) => p.route === page.route);
  if (first && first !== page) problems.push(problem(say.DuplicateRoute, "/route", page.route, display(first.file)));
  return problems;
}
