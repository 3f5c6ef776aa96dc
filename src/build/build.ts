import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { isDataFileName } from "../shared/collections/store";
import { type Checked, formatHuman, type ValidationCache, validateSite } from "../validation";
import { type BuildState, cacheDir, distFingerprint, readState, stateFile, writeState } from "./build-state";
import { jobCatalog, readCatalog } from "./catalog";
import {
  fontFiles,
  removeAllBut,
  removeJobOutputs,
  removeOutput,
  removeStaleFonts,
  removeUnshownCards,
} from "./clean-up";
import { isCompressible, writeIfChanged } from "./compress";
import { describeChanges, explain, listNames, plural } from "./explanations";
import { buildLanguageFonts } from "./fonts";
import { buildImages, ImageBuildError } from "./images";
import { type FileStamp, filesUnder, hashAll, InputScanner } from "./inputs";
import { type DepKey, type JobKey, keyOf } from "./keys";
import { hashDeps } from "./plan/deps";
import { type JobHashes, jobHash, jobKeys, setJobHash } from "./plan/job-hashes";
import type { Job, JobContext, JobResult } from "./prerender/jobs";
import { pageBuildErrorName } from "./prerender/page-error";
import { loadServerBundle, notFoundPage, pageTemplate, runJobsOnWorkers } from "./prerender/prerender";
import { projectRoot } from "./project-root";
import { buildSearch } from "./search/build-search";
import { isSitemapPart, robotsTxt, type SitemapLimits, sitemapFiles } from "./sitemap";
import { siteCard, siteCardFile, writeSiteCard } from "./social/cards";
import { BuildClock, cpuSeconds, seconds } from "./timings";
import { type TypecheckResult, typecheck } from "./typecheck";
import { moveStaged, startViteBuilds, type ViteBuilt } from "./vite/vite-builds";
import { type WholeLayout, writeWhole } from "./whole-file";

const defaultRoot = projectRoot;

/** Fewer jobs than this run in the build's own thread: starting workers would cost more. */
const inThreadJobs = 48;

export interface BuildOptions {
  root?: string;
  /** Ignore the cache: make everything. */
  force?: boolean;
  /**
   * true: run the type check even when no code changed since it last passed; false: skip it (for
   * tests of the build, which `npm test` type-checks on its own); unset: when the code changed.
   */
  typecheck?: boolean;
  workers?: number;
  /** Where the build's lines go (default: the console). */
  log?: (line: string) => void;
  /** What one sitemap file may hold (tests make a small site's sitemap split; default sitemaps.org's limits). */
  sitemapLimits?: SitemapLimits;
}

export interface BuildReport {
  full: boolean;
  /** Why the build was full, or what changed for an incremental one. */
  reason: string;
  jobsRun: number;
  jobsReused: number;
  pages: number;
  written: number;
  seconds: number;
}

/** A stopping problem in words for the person who ran the build. */
export class BuildError extends Error {}

/** Files that are part of the code: any change makes the whole site again. */
function codeFiles(root: string): string[] {
  const top = ["index.html", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];
  return [
    ...top.filter((f) => existsSync(path.join(root, f))),
    ...filesUnder(root, "src"),
    ...filesUnder(root, "schemas"),
    ...filesUnder(root, "public"),
  ];
}

/**
 * Config the code bundles: everything in site-config/ but the collections' treatments and their
 * translations (i18n/{lang}/collections/{stem}.json of a collection file, or
 * i18n/{lang}/collections/{stem}/{slug}.json of a folder's treatment), which the build publishes
 * one treatment at a time. Presentations and their translations stay bundled.
 */
function bundledConfig(root: string): string[] {
  return filesUnder(root, "site-config", (name) => name.endsWith(".json")).filter((file) => {
    const parts = file.split(path.sep);
    if (parts[1] === "i18n" && parts[3] === "collections") return !isTreatmentTranslation(parts.slice(4));
    if (parts[1] !== "collections") return true;
    return parts.length === 3 && parts[2].endsWith(".presentation.json");
  });
}

/** Whether a path under i18n/{lang}/collections/ holds treatments' texts. */
const isTreatmentTranslation = (parts: string[]) =>
  parts.length === 1 ? isDataFileName(parts[0]) : isDataFileName(`${parts[0]}.json`);

/** Runs the build; throws BuildError for what stops it. */
export async function runBuild(options: BuildOptions = {}): Promise<BuildReport> {
  const started = performance.now();
  const root = path.resolve(options.root ?? defaultRoot);
  const log = options.log ?? ((line: string) => console.log(line));
  const distDir = path.join(root, "dist");
  const siteRoot = path.join(root, "site-config");
  const collectionsDir = path.join(siteRoot, "collections");
  const cache = cacheDir(root);
  const ssrDir = path.join(cache, "ssr");
  const workers = options.workers ?? os.availableParallelism();
  /** Files the client build and the image step wrote (a full build keeps these and its own). */
  const madeByVite: string[] = [];

  const before = options.force ? undefined : readState(cache);
  const scanner = new InputScanner(root, before?.stamps ?? {});
  const clock = new BuildClock(log);
  const step = (name: string, since: number) => clock.step(name, since);

  // What changed in the code, and so whether everything must be made again.
  let since = performance.now();
  const code: Record<string, string> = {};
  for (const file of [...codeFiles(root), ...bundledConfig(root)]) code[file] = scanner.hash(file);
  const codeKey = hashAll(["build-1", process.version, ...Object.entries(code).map(([f, h]) => `${f}:${h}`)]);
  const changedCode = before
    ? [
        ...Object.keys(code).filter((f) => before.code[f] !== code[f]),
        ...Object.keys(before.code).filter((f) => !(f in code)),
      ]
    : [];
  let full = true;
  let reason: string;
  if (options.force) reason = "--force: every page is made, no cache is read";
  else if (!before) reason = "no earlier build in the cache: every page is made";
  else if (!existsSync(distDir) || distFingerprint(distDir) !== before.dist)
    reason = "dist/ is not the one the last build left: every page is made";
  else if (changedCode.length > 0)
    reason = `${listNames(changedCode)} changed: ${changedCode.some((f) => f.startsWith("site-config")) ? "config every page shows or the code bundles" : "code"}, so every page is made again`;
  else {
    full = false;
    reason = "";
  }
  step("inputs", since);

  // The client build and the server bundle, when the code changed: started now, in a process of
  // their own, so they run while the config is validated. Both go to staging folders first: a
  // build refused for its config changes nothing, dist/ and the cache stay as the last build left
  // them (and the next build picks up from there).
  const staging = { client: path.join(cache, "client"), ssr: `${ssrDir}-next` };
  const viteBuilds = full ? startViteBuilds(root, staging.client, staging.ssr) : undefined;
  const viteStarted = performance.now();
  let validationEntries: BuildState["validation"];
  const translationEntries: NonNullable<BuildState["translationChecks"]> = {};
  try {
    validationEntries = checkInputs();
  } catch (error) {
    await viteBuilds?.cancel();
    throw error;
  }
  // From here on dist/ changes: a build that stops half-way must not be taken for a finished one.
  rmSync(stateFile(cache), { force: true });

  /** Validates the config and type-checks the code (when it changed); throws BuildError for what stops the build. */
  function checkInputs(): BuildState["validation"] {
    // Validation: files unchanged since the last run keep their first-pass results (unless the
    // code, and so the validator or the schemas, changed).
    since = performance.now();
    const validationEntries: BuildState["validation"] = {};
    const keptValidation = full && changedCode.length > 0 ? {} : (before?.validation ?? {});
    const keptTranslations = full && changedCode.length > 0 ? {} : (before?.translationChecks ?? {});
    const stampOf = (file: string) => {
      const relative = path.relative(root, file);
      const stamp: FileStamp | undefined = scanner.stamps[relative] ?? statStamp(scanner, relative);
      return stamp ? `${stamp.size}:${stamp.mtimeMs}:${stamp.hash}` : "";
    };
    // A file's first pass also looks for the values placeholders.json declares: a kept result
    // holds only while that file is unchanged too.
    const declared = stampOf(path.join(siteRoot, "placeholders.json"));
    const keyOf = (file: string) => `${stampOf(file)}|${declared}`;
    const validationCache: ValidationCache = {
      get(file) {
        const kept = keptValidation[file];
        return kept && kept.stamp === keyOf(file) ? kept.checked : undefined;
      },
      set(file, checked: Checked) {
        validationEntries[file] = { stamp: keyOf(file), checked };
      },
      getTranslation: (file) => keptTranslations[file],
      setTranslation(file, problems) {
        translationEntries[file] = problems;
      },
    };
    const report = validateSite({
      siteRoot,
      schemasDir: path.join(root, "schemas"),
      publicDir: path.join(root, "public"),
      shownFrom: root,
      cache: validationCache,
      // site.json's "production": true makes placeholders and sample entries errors (issue 18).
      publish: "if-production",
    });
    for (const [file, entry] of Object.entries(keptValidation)) {
      if (!validationEntries[file] && entry.stamp === keyOf(file)) validationEntries[file] = entry;
    }
    if (report.problems.length > 0)
      log(formatHuman(report, { colour: process.stdout.isTTY === true && !process.env.NO_COLOR }).trimEnd());
    if (report.errors > 0) throw new BuildError("The config has errors (above); nothing was built.");
    step(
      `validate (${report.checked === report.files ? `${report.files} files` : `${report.checked} of ${report.files} files read again`})`,
      since,
    );

    // Type check: only when something it reads changed since it last passed.
    since = performance.now();
    const checked: TypecheckResult =
      options.typecheck === false ? { ran: false } : typecheck(root, scanner, options.typecheck === true);
    if (checked.ran) {
      if (!checked.ok) {
        log(checked.output);
        throw new BuildError("The type check failed (above); nothing was built.");
      }
      step("type check", since);
    } else if (options.typecheck === false) log("  type check skipped, as asked (npm test runs it on its own)");
    else log("  type check skipped: no code has changed since it last passed (only site-config/ changed)");
    return validationEntries;
  }

  if (viteBuilds) {
    log(`Full build: ${reason}.`);
    since = performance.now();
    let built: ViteBuilt;
    try {
      built = await viteBuilds.done;
    } catch (error) {
      await viteBuilds.cancel();
      throw new BuildError(`The client build failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // dist/ is written over in place, not emptied first: on some disks deleting tens of thousands
    // of files takes as long as writing them, and slows the writing down. What this build did not
    // write is removed at the end.
    moveStaged(staging.client, distDir);
    rmSync(ssrDir, { recursive: true, force: true });
    renameSync(staging.ssr, ssrDir);
    madeByVite.push(...built.files, ...filesUnder(path.join(root, "public"), ""));
    clock.childCpu = built.cpu.user + built.cpu.system;
    // The page template is the client build's index.html, kept as shell.html before the page at '/'
    // takes index.html's place (pageTemplate); this client build's, not the last one's.
    rmSync(path.join(distDir, "shell.html"), { force: true });
    log(
      `  ${"client build, server bundle (vite)".padEnd(40)} ${seconds(viteStarted).padStart(6)} s  (cpu ${cpuSeconds(built.cpu)} s; beside the checks, then ${seconds(since)} s more)`,
    );
    clock.mark();
    since = performance.now();
    try {
      const images = await buildImages({ publicDir: path.join(root, "public"), distDir });
      for (const image of images) madeByVite.push(...image.variants.map((v) => v.url.replace(/^\//, "")));
      step(`images (${plural(images.length, "raster")})`, since);
    } catch (error) {
      if (error instanceof ImageBuildError) throw new BuildError(error.message);
      throw error;
    }
  }

  // Each language's font, subset to the characters its texts use (cached by font and characters).
  since = performance.now();
  const fonts = await buildLanguageFonts(root, distDir, path.join(cache, "fonts"), !options.force);
  for (const font of Object.values(fonts))
    madeByVite.push(font.font.replace(/^\//, ""), font.stylesheet.replace(/^\//, ""));
  // A language's font changes when a translation brings or drops a letter (a treatment's, which an
  // incremental build now follows): the old files go, as a full build's clean-up removes them.
  // Only the files the last build's language fonts had: others under assets/fonts/ are the client
  // build's (the languages' names font), which an incremental build does not make again.
  const staleFonts = full ? [] : removeStaleFonts(distDir, fonts, before?.languageFonts ?? []);
  step(`fonts (${plural(Object.keys(fonts).length, "language")})`, since);

  // What the pages and data files are made of.
  since = performance.now();
  const catalogEntries = readCatalog(scanner, collectionsDir, full ? undefined : before?.catalog);
  const catalog = jobCatalog(root, catalogEntries);
  const bundle = await loadServerBundle(ssrDir, codeKey);
  const specs = await bundle.listPages(catalog.catalog);
  const lists = bundle.catalogListPages(catalog.catalog);
  step(`list pages (${plural(specs.length, "page")})`, since);

  // What each piece is made of (keys.ts), and so which pieces to make again.
  // Languages with pages of their own: a translation into another is not published (the validator refuses it).
  const otherLanguages = new Set(bundle.siteFacts.languages.slice(1).map((l) => l.code));
  for (const byLanguage of Object.values(catalog.translations))
    for (const lang of Object.keys(byLanguage)) if (!otherLanguages.has(lang)) delete byLanguage[lang];
  const depHashes = hashDeps({ scanner, entries: catalogEntries, lists, otherLanguages, fonts });
  const deps = depHashes.hashes;
  const translated = depHashes.translated;

  interface Planned {
    key: JobKey;
    job?: Job;
    hash: string;
    deps: DepKey[];
  }
  const planned: Planned[] = [];
  const plan = (key: JobKey, job: Job, parts: DepKey[]) =>
    planned.push({
      key,
      job,
      hash: hashAll([codeKey, ...parts.map((d) => `${keyOf(d)}=${depHashes.hashOf(d)}`)]),
      deps: parts,
    });
  for (const spec of specs) {
    const parts: DepKey[] = fonts[spec.lang] ? [...spec.deps, { kind: "font", lang: spec.lang }] : spec.deps;
    plan({ kind: "page", path: spec.path }, { kind: "page", spec }, parts);
  }
  for (const { dataFile, items } of Object.values(catalogEntries)) {
    for (const { slug } of items) {
      plan({ kind: "treatment-data", dataFile, slug }, { kind: "treatment-data", dataFile, slug }, [
        { kind: "item", dataFile, slug },
        { kind: "settings", dataFile },
        { kind: "translated", dataFile, slug },
      ]);
      for (const lang of translated[dataFile][slug]) {
        const key = { kind: "treatment-translation", lang, dataFile, slug } as const;
        plan(key, key, [{ kind: "translation", lang, dataFile, slug }]);
      }
    }
    plan({ kind: "index-data", dataFile }, { kind: "index-data", dataFile }, [{ kind: "index", dataFile }]);
    for (const { page } of lists[dataFile] ?? [])
      plan({ kind: "list-data", dataFile, page }, { kind: "list-data", dataFile, page }, [
        { kind: "list-file", dataFile, page },
      ]);
  }
  // The whole collection, the spec's data file, made of the treatments' data files: only where
  // site.json asks for it (120 MB at 10,000 treatments, which the site's pages never fetch).
  for (const entry of bundle.siteFacts.wholeCollectionFiles ? Object.values(catalogEntries) : []) {
    const hash = hashAll([codeKey, entry.settingsHash, ...entry.items.map((i) => `${i.slug}=${i.hash}`)]);
    planned.push({ key: { kind: "whole-data", dataFile: entry.dataFile }, hash, deps: [] });
  }

  const previousJobs = full ? undefined : before?.jobs;
  const stale = planned.filter((p) => !previousJobs || jobHash(previousJobs, p.key) !== p.hash);
  const jobHashes: JobHashes = new Map();
  for (const p of planned) setJobHash(jobHashes, p.key, p.hash);
  const removedJobs = before ? jobKeys(before.jobs).filter((key) => jobHash(jobHashes, key) === undefined) : [];
  const staleJobs = stale.flatMap((p) => (p.job ? [p.job] : []));
  const plannedJobs = planned.filter((p) => p.job).length;

  // In a full build the client build's own files get their compressed copies too.
  const jobs: Job[] = [...staleJobs];
  if (full) for (const file of madeByVite) if (isCompressible(file)) jobs.push({ kind: "compress", file });

  // The site's own card (what a static host shows while a page's card is not drawn), drawn beside the jobs.
  const siteCardWritten = writeSiteCard(siteCard(bundle.siteFacts), distDir);
  siteCardWritten.catch(() => undefined); // awaited below, after the jobs: not an unhandled rejection meanwhile
  since = performance.now();
  const context: JobContext = { distDir, template: pageTemplate(distDir), catalog, incremental: !full, fonts };
  const ordered = [...jobs].sort((a, b) => kindOrder[a.kind] - kindOrder[b.kind] || byPage(a, b));
  const result: JobResult =
    ordered.length === 0
      ? { written: [], unchanged: 0, times: {} }
      : await (ordered.length < inThreadJobs || workers <= 1
          ? bundle.runJobs(ordered, context)
          : runJobsOnWorkers(ordered, context, ssrDir, workers)
        ).catch((error: unknown) => {
          // A page that failed names itself and its file (page-error.ts): that, not a stack, is shown.
          throw error instanceof Error && error.name === pageBuildErrorName ? new BuildError(error.message) : error;
        });
  step(`pages and data (${plural(staleJobs.length, "job")} of ${plannedJobs.toLocaleString("en")})`, since);
  if (result.cards && result.cards.written > 0)
    log(
      `    social cards: ${plural(result.cards.written, "new card")} named, drawn on request by the relay (or: npm run cards)`,
    );
  if (process.env.BUILD_PROFILE)
    log(
      `    ${Object.entries(result.times)
        .map(([part, ms]) => `${part} ${(ms / 1000).toFixed(2)} s`)
        .join(", ")}`,
    );

  // The site search's index, one per language (src/build/search/), before the clean-up: a full
  // build removes what it did not write, and the index written after it had each of its files
  // removed and written again (7,900 files at 10,000 treatments, ~1 ms a file on these disks).
  since = performance.now();
  const search = buildSearch({
    root,
    distDir,
    cache,
    catalog: catalogEntries,
    languages: bundle.siteFacts.languages.map((l) => l.code),
    full,
  });
  const written = [...result.written, ...search.written, ...(await siteCardWritten)];
  const removed: string[] = [...search.removed];
  step(`search index (${plural(search.pages, "page")})`, since);

  // Outputs of jobs that no longer exist (a treatment removed, a list page fewer).
  since = performance.now();
  removed.push(...staleFonts);
  // Each page's social card: the pages made again name theirs, the others keep the last build's.
  const pages = new Set(specs.map((spec) => spec.path));
  const pageCards: Record<string, string> = {};
  if (!full)
    for (const [page, card] of Object.entries(before?.pageCards ?? {})) if (pages.has(page)) pageCards[page] = card;
  for (const [page, card] of Object.entries(result.pageCards ?? {})) {
    if (card) pageCards[page] = card;
    else delete pageCards[page];
  }
  // A card no page shows any more (its page's title changed, or the page is gone) goes, as a full
  // build's clean-up removes it.
  if (!full && before?.pageCards) removed.push(...removeUnshownCards(distDir, new Set(Object.values(pageCards))));
  removed.push(...removeJobOutputs(distDir, removedJobs));

  // The whole collection, the spec's data file, made of the treatments' data files.
  const wholes: Record<string, WholeLayout> = {};
  const remade = new Map<string, Set<string>>();
  for (const { key } of stale)
    if (key.kind === "treatment-data") remade.set(key.dataFile, (remade.get(key.dataFile) ?? new Set()).add(key.slug));
  const staleWholes = new Set(stale.flatMap(({ key }) => (key.kind === "whole-data" ? [key.dataFile] : [])));
  for (const entry of Object.values(catalogEntries)) {
    const file = entry.dataFile;
    if (!staleWholes.has(file)) {
      const kept = before?.wholes?.[file];
      if (kept) wholes[file] = kept;
      continue;
    }
    const whole = writeWhole(distDir, entry, {
      incremental: !full,
      before: before?.wholes?.[file],
      remade: remade.get(file) ?? new Set(),
    });
    wholes[file] = whole.layout;
    written.push(...whole.written);
  }

  // sitemap.xml (an index of sitemap-N.xml on a very large site) and robots.txt.
  const base = bundle.siteFacts.canonicalBase;
  const sitemaps = sitemapFiles(base, specs, bundle.siteFacts.languages, options.sitemapLimits);
  for (const [name, text] of [...Object.entries(sitemaps), ["robots.txt", robotsTxt(base)]]) {
    written.push(...writeIfChanged(distDir, name, text, !full));
  }
  // Parts of a larger sitemap than this one (a full build's clean-up removes them too).
  if (!full)
    for (const name of readdirSync(distDir))
      if (isSitemapPart(name) && !(name in sitemaps)) removed.push(...removeOutput(distDir, name));
  if (full) {
    const kept = new Set(
      [...madeByVite, ...written, "shell.html", notFoundPage, siteCardFile].map((f) => path.normalize(f)),
    );
    removed.push(...removeAllBut(distDir, kept));
  }
  step("whole data files, sitemap, clean-up", since);

  const newState: Omit<BuildState, "version"> = {
    codeKey,
    code,
    stamps: scanner.stamps,
    catalog: catalogEntries,
    deps,
    jobs: jobHashes,
    wholes,
    languageFonts: fontFiles(fonts),
    pageCards,
    validation: validationEntries,
    translationChecks: translationEntries,
    dist: distFingerprint(distDir),
  };
  writeState(cache, newState);

  // What was made, and why.
  const reused = planned.length - stale.length;
  if (!full) {
    log(`Incremental build: ${describeChanges(scanner, before as BuildState, catalogEntries)}.`);
    const languageNames = Object.fromEntries(bundle.siteFacts.languages.map((l) => [l.code, l.englishName]));
    for (const line of explain(stale, before as BuildState, deps, languageNames)) log(`  made again: ${line}`);
    if (removed.length > 0)
      log(
        `  removed: ${listNames(
          removed.filter((f) => !/\.(br|gz)$/.test(f)),
          5,
        )}`,
      );
    if (stale.length === 0) log("  nothing to make again: dist/ is up to date");
  }
  const report2: BuildReport = {
    full,
    reason: full ? reason : describeChanges(scanner, before as BuildState, catalogEntries),
    jobsRun: stale.length,
    jobsReused: reused,
    pages: specs.length,
    written: written.length,
    seconds: (performance.now() - started) / 1000,
  };
  log(
    `Built ${plural(specs.length, "page")} in ${report2.seconds.toFixed(2)} s (cpu ${cpuSeconds(clock.total())} s): ${plural(stale.length, "piece")} made (${plural(written.filter((f) => !/\.(br|gz)$/.test(f)).length, "file")} written, ${plural(result.unchanged, "file")} came out the same), ${plural(reused, "piece")} reused.`,
  );
  return report2;
}

/**
 * The order jobs are handed to the workers in: the client build's files first (a few, each
 * compressed at the highest levels, some for a tenth of a second), so the many small jobs after
 * them even the workers out at the end.
 */
const kindOrder: Record<Job["kind"], number> = {
  compress: 0,
  page: 1,
  "treatment-data": 2,
  "treatment-translation": 3,
  "list-data": 4,
  "index-data": 5,
};

/**
 * Pages by their English address: a page in the site's languages one after another, so a worker
 * reads a treatment once for all of them (jobs.ts). Other jobs keep their order.
 */
function byPage(a: Job, b: Job): number {
  if (a.kind !== "page" || b.kind !== "page") return 0;
  return a.spec.english < b.spec.english ? -1 : a.spec.english > b.spec.english ? 1 : 0;
}

/** A file's stamp, hashing it if this build has not yet. */
function statStamp(scanner: InputScanner, relative: string): FileStamp | undefined {
  try {
    scanner.hash(relative);
    return scanner.stamps[relative];
  } catch {
    return undefined;
  }
}

/** `npm run build [-- --force] [--typecheck]`. */
export async function main(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      force: { type: "boolean", default: false },
      typecheck: { type: "boolean", default: false },
      workers: { type: "string" },
    },
  });
  try {
    await runBuild({
      force: values.force,
      typecheck: values.typecheck || undefined,
      workers: values.workers ? Number(values.workers) : undefined,
    });
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    process.stderr.write(`build: ${error.message}\n`);
    process.exitCode = 1;
  }
}
