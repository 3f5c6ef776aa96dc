/**
 * `npm run build`: the build's steps in order (each in a file of its own: the checks, the client
 * step, the planner in plan/, the jobs in prerender/, the clean-up, the explanations, the state).
 */
import { existsSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BuildError } from "./build-error";
import { type BuildReport, reportBuild } from "./build-report";
import { cacheDir, distFingerprint, readState, stateFile, writeState } from "./build-state";
import { jobCatalog, readCatalog } from "./catalog";
import { startConfigCheck } from "./check-config";
import { checkInputs } from "./check-inputs";
import { fontFiles, listTree, removeStaleFonts } from "./clean-up";
import { finishClientStep } from "./client-step";
import { isCompressible, pruneCompressCache } from "./compress";
import { plural } from "./explanations";
import { finishDist } from "./finish-dist";
import { buildLanguageFonts } from "./fonts";
import { InputScanner } from "./inputs";
import { codeChange } from "./plan/code-change";
import { planBuild } from "./plan/plan";
import type { JobContext } from "./prerender/jobs";
import { loadServerBundle, pageTemplate, startWorkers } from "./prerender/prerender";
import { projectRoot } from "./project-root";
import { jobLines, runPlannedJobs } from "./run-jobs";
import { buildSearch } from "./search/build-search";
import { type SitemapLimits, writeSitemaps } from "./sitemap";
import { siteCard, writeSiteCard } from "./social/cards";
import { BuildClock } from "./timings";
import { startViteBuilds } from "./vite/vite-builds";

const defaultRoot = projectRoot;

export interface BuildOptions {
  root?: string;
  /** Ignore the cache: make everything. */
  force?: boolean;
  /**
   * true: run the type check even when no code changed since it last passed; false: skip it (for
   * tests of the build, which `npm test` type-checks on its own); unset: when the code changed
   * since it last passed, except on the checkout's first build (no build cache: a fresh clone),
   * which leaves it to `npm test`, CI and the image build.
   */
  typecheck?: boolean;
  workers?: number;
  /** Where the build's lines go (default: the console). */
  log?: (line: string) => void;
  /** What one sitemap file may hold (tests make a small site's sitemap split; default sitemaps.org's limits). */
  sitemapLimits?: SitemapLimits;
  /**
   * A module that serves the config check when started as a worker thread (check-config.ts): the
   * build's bundle. An incremental build then checks the config there, beside listing its pages;
   * without it (tests calling runBuild), the check runs in this thread first.
   */
  workerScript?: URL;
}

export type { BuildReport };
export { BuildError };

/** Runs the build; throws BuildError for what stops it. */
export async function runBuild(options: BuildOptions = {}): Promise<BuildReport> {
  const started = performance.now();
  const root = path.resolve(options.root ?? defaultRoot);
  const log = options.log ?? ((line: string) => console.log(line));
  const distDir = path.join(root, "dist");
  const cache = cacheDir(root);
  const ssrDir = path.join(cache, "ssr");
  const workers = options.workers ?? os.availableParallelism();
  const firstBuild = !existsSync(cache);

  const before = options.force ? undefined : readState(cache);
  const scanner = new InputScanner(root, before?.stamps ?? {});
  const clock = new BuildClock(log);
  const step = (name: string, since: number) => clock.step(name, since);

  // What changed in the code, and so whether everything must be made again.
  let since = performance.now();
  const { code, codeKey, full, reason } = codeChange(root, scanner, before, options.force === true);
  step("inputs", since);

  // The client build and the server bundle, when the code changed: started now, in a process of
  // their own, so they run while the config is validated. Both go to staging folders first: a
  // build refused for its config changes nothing, dist/ and the cache stay as the last build left
  // them (and the next build picks up from there).
  const staging = { client: path.join(cache, "client"), ssr: `${ssrDir}-next` };
  const viteBuilds = full ? startViteBuilds(root, staging.client, staging.ssr) : undefined;
  const viteStarted = performance.now();
  const checkStarted = performance.now();
  const configCheck = startConfigCheck(
    {
      root,
      cache,
      codeKey,
      reuse: options.force !== true,
      colour: process.stdout.isTTY === true && !process.env.NO_COLOR,
    },
    full ? undefined : options.workerScript,
    scanner,
  );
  configCheck.catch(() => undefined); // awaited below: not an unhandled rejection meanwhile

  // What the pages and data files are made of, read beside the config check (it changes
  // nothing): in an incremental build now, in a full one once the new server bundle is made.
  // Its line is printed in its place, after the checks'.
  const collectionsDir = path.join(root, "site-config", "collections");
  const listed: string[] = [];
  const listClock = new BuildClock((line) => listed.push(line));
  const listPages = async () => {
    const since = performance.now();
    const entries = readCatalog(scanner, collectionsDir, full ? undefined : before?.catalog);
    const catalog = jobCatalog(root, entries);
    const bundle = await loadServerBundle(ssrDir, codeKey);
    const specs = await bundle.listPages(catalog.catalog);
    const lists = bundle.catalogListPages(catalog.catalog);
    listClock.step(`list pages (${plural(specs.length, "page")})`, since);
    return { entries, catalog, bundle, specs, lists };
  };
  // A config the check refuses may break the listing: its error, not the listing's, is shown.
  const early = full
    ? undefined
    : listPages().then(
        (listing) => ({ listing }),
        (error: unknown) => ({ error }),
      );
  try {
    checkInputs({
      root,
      scanner,
      config: await configCheck,
      since: checkStarted,
      typecheck: options.typecheck,
      firstBuild,
      log,
      clock,
    });
  } catch (error) {
    await viteBuilds?.cancel();
    await early;
    throw error;
  }
  const listedEarly = await early;
  if (listedEarly && "error" in listedEarly) throw listedEarly.error;
  // From here on dist/ changes: a build that stops half-way must not be taken for a finished one.
  rmSync(stateFile(cache), { force: true });

  if (viteBuilds) log(`Full build: ${reason}.`);
  /** Files the client build and the image step wrote (a full build keeps these and its own). */
  const madeByVite = viteBuilds
    ? await finishClientStep({ root, distDir, ssrDir, staging, builds: viteBuilds, started: viteStarted, clock, log })
    : [];
  // A full build's workers start now, loading the new server bundle while the pages are listed and planned.
  const pool = full && workers > 1 ? startWorkers(ssrDir, workers) : undefined;

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

  const { entries, catalog, bundle, specs, lists } = listedEarly?.listing ?? (await listPages());
  for (const line of listed) log(line);
  clock.mark();

  // Languages with pages of their own: a translation into another is not published (the validator refuses it).
  const otherLanguages = new Set(bundle.siteFacts.languages.slice(1).map((l) => l.code));
  for (const byLanguage of Object.values(catalog.translations))
    for (const lang of Object.keys(byLanguage)) if (!otherLanguages.has(lang)) delete byLanguage[lang];
  // What each piece is made of, and so which to make again (plan/).
  const plan = planBuild({
    codeKey,
    scanner,
    specs,
    entries,
    lists,
    otherLanguages,
    fonts,
    wholeCollectionFiles: bundle.siteFacts.wholeCollectionFiles,
    before: before?.jobs,
    beforeDeps: before?.deps,
    full,
  });
  const jobs = plan.stale.flatMap((p) => (p.job ? [p.job] : []));
  // In a full build the client build's own files get their compressed copies too.
  if (full) for (const file of madeByVite) if (isCompressible(file)) jobs.push({ kind: "compress", file });

  // The site's own card (what a static host shows while a page's card is not drawn), drawn beside the jobs.
  const siteCardWritten = writeSiteCard(siteCard(bundle.siteFacts), distDir);
  siteCardWritten.catch(() => undefined); // awaited below, after the jobs: not an unhandled rejection meanwhile
  since = performance.now();
  // --force reads the compressed copies too, each checked against its file (compress.ts).
  const compressCache = { dir: path.join(cache, "compressed"), read: true, verify: options.force };
  const jobsStarted = Date.now();
  const context: JobContext = {
    distDir,
    template: pageTemplate(distDir),
    catalog,
    incremental: !full,
    fonts,
    compressCache,
  };
  const jobsRun = runPlannedJobs({ jobs, context, bundle, ssrDir, workers, pool });
  jobsRun.catch(() => undefined); // awaited below, after the search index: not an unhandled rejection meanwhile

  // The site search's index, one per language (src/build/search/), made in this thread while the
  // workers make the pages (it reads the config, not their output, and writes under
  // assets/search/, where no job writes), and before the clean-up: a full build removes what it
  // did not write, and the index written after it had each of its files removed and written again
  // (7,900 files at 10,000 treatments, ~1 ms a file on these disks). Its CPU time counts every thread's.
  const searchStarted = performance.now();
  const languages = bundle.siteFacts.languages.map((l) => l.code);
  const search = buildSearch({ root, distDir, cache, catalog: entries, languages, full });
  const searchLine = `search index (${plural(search.pages, "page")}, beside the pages)`;
  const searchSeconds = performance.now() - searchStarted;
  // sitemap.xml and robots.txt, made of the page list alone: written here too, beside the pages.
  const { languages: siteLanguages, canonicalBase } = bundle.siteFacts;
  const sitemaps = writeSitemaps(
    distDir,
    canonicalBase,
    specs,
    siteLanguages,
    options.sitemapLimits,
    !full,
    before?.sitemap,
  );
  // A full build removes from dist/ what it did not write: dist/ is listed now, while the workers
  // still make the pages, rather than walked after them (clean-up.ts).
  const distListed = full ? listTree(distDir) : undefined;

  const result = await jobsRun;
  // The client build's copies this build did not use are older code's.
  if (full) pruneCompressCache(compressCache.dir, jobsStarted);
  const made = plan.stale.filter((p) => p.job).length;
  step(`pages and data (${plural(made, "job")} of ${plan.jobs.toLocaleString("en")})`, since);
  for (const line of jobLines(result)) log(line);
  log(`  ${searchLine.padEnd(40)} ${(searchSeconds / 1000).toFixed(2).padStart(6)} s`);
  const written = [...result.written, ...search.written, ...sitemaps.written, ...(await siteCardWritten)];
  const removed: string[] = [...search.removed, ...sitemaps.removed];

  since = performance.now();
  removed.push(...staleFonts);
  const finished = finishDist(
    {
      distDir,
      full,
      before,
      plan,
      result,
      entries,
      madeByVite,
      distListed,
    },
    written,
    removed,
  );
  step("whole data files, sitemap, clean-up", since);

  writeState(cache, {
    codeKey,
    code,
    stamps: scanner.stamps,
    catalog: entries,
    deps: plan.deps,
    jobs: plan.hashes,
    wholes: finished.wholes,
    languageFonts: fontFiles(fonts),
    pageCards: finished.pageCards,
    sitemap: sitemaps.key,
    dist: distFingerprint(distDir),
  });

  return reportBuild({
    full,
    reason,
    before,
    scanner,
    entries,
    plan,
    languages: bundle.siteFacts.languages,
    pages: specs.length,
    written,
    removed,
    unchanged: result.unchanged,
    cpu: clock.total(),
    started,
    log,
  });
}
