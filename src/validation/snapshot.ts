/**
 * A site folder validated once and kept: every file's text, first pass and problems. A change to
 * a few of its files is then checked without going through the whole site again: the changed
 * files are checked anew, and so is every file whose problems the change can alter (their
 * translations; pages sharing a title or description with them), all against the site model of
 * the rest as kept. The result is the one a whole-site run on the changed site gives
 * (tests/validation/snapshot.test.ts); a change that can reach further (a slug, a route, a name
 * other files point at, site.json, placeholders.json, a file added or removed, a reference left
 * missing) is checked by a whole-site run, which reuses the kept first pass of the unchanged files.
 *
 * The editor keeps one per published commit and checks every change set's saves against it
 * (src/editor/server/shared-check.ts): at 10,000 treatments a save then costs a few files, not
 * 10,000.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Checked } from "./check-file";
import { FileChecker } from "./check-file";
import { jobsFor, listJsonFiles } from "./list-files";
import { PageAddressIndex } from "./page-address-index";
import { readPlaceholders } from "./placeholders";
import type { Problem, UnplacedProblem } from "./problem";
import {
  compareProblems,
  displayPath,
  type KeptSite,
  type Overlay,
  type RunReport,
  runValidation,
  type SiteRunOptions,
  type ValidationCache,
} from "./run";
import { addFact, emptyModel, type Fact, routeTable, type SiteModel, type TreatmentFacts } from "./site-model";
import { translationTarget } from "./translations";

export type SnapshotOptions = Omit<SiteRunOptions, "overlay" | "cache" | "read">;

/** The problems of the site with some files changed. */
export interface SiteDelta {
  /**
   * The files (as shown: "site-config/pages/home.json") whose problems were found anew;
   * undefined when every file's were (a whole-site run). Any other file's are the snapshot's.
   */
  files: ReadonlySet<string> | undefined;
  /** The problems of those files (of every file, after a whole-site run), in a report's order. */
  problems: Problem[];
}

export class SiteSnapshot {
  /** The site's problems as it is. */
  readonly report: RunReport;
  private readonly texts = new Map<string, string>();
  private readonly checked = new Map<string, Checked>();
  private readonly translated = new Map<string, UnplacedProblem[]>();
  private readonly files: string[];
  private readonly byFile = new Map<string, Problem[]>();
  /** Each English file's translation files. */
  private readonly translations = new Map<string, string[]>();
  private readonly frozenCache: ValidationCache;
  private readonly special: Set<string>;
  /** The site model as kept, and where each file's treatments and pages are in it. */
  private readonly model: SiteModel;
  private readonly positions = new Map<string, { treatments: [string, number][]; pages: number[] }>();
  private readonly routes: Set<string>;
  private addresses: PageAddressIndex | undefined;

  constructor(private readonly options: SnapshotOptions) {
    this.files = listJsonFiles(options.siteRoot);
    const { checked, translated, texts } = this;
    let open = true;
    // Filled by the whole-site run below, then only read: a run with changes must not change it.
    this.frozenCache = {
      get: (file) => checked.get(file),
      set: (file, result) => {
        if (open) checked.set(file, result);
      },
      getTranslation: (file) => translated.get(file),
      setTranslation: (file, problems) => {
        if (open) translated.set(file, problems);
      },
    };
    this.report = runValidation({
      ...options,
      jobs: jobsFor(this.files, this.files),
      cache: this.frozenCache,
      read: (file) => {
        const text = readFileSync(file, "utf8");
        texts.set(file, text);
        return text;
      },
    });
    open = false;
    for (const p of this.report.problems) {
      const list = this.byFile.get(p.file) ?? [];
      list.push(p);
      this.byFile.set(p.file, list);
    }
    for (const file of this.files) {
      const english = translationTarget(options.siteRoot, file)?.english;
      if (english) this.translations.set(english, [...(this.translations.get(english) ?? []), file]);
    }
    // What every file's checks read: a change to these is checked with the whole site.
    this.special = new Set(["site.json", "placeholders.json"].map((f) => path.join(options.siteRoot, f)));
    // The model the run made, made again from its first passes in its order (the run keeps none).
    this.model = emptyModel();
    for (const file of this.files) {
      const fact = checked.get(file)?.fact;
      if (fact) addFact(this.model, fact);
    }
    const at = (file: string) => {
      let known = this.positions.get(file);
      if (!known) {
        known = { treatments: [], pages: [] };
        this.positions.set(file, known);
      }
      return known;
    };
    for (const [dataFile, { treatments }] of this.model.collections)
      treatments.forEach((t, position) => {
        at(t.file).treatments.push([dataFile, position]);
      });
    this.model.pages.forEach((page, position) => {
      at(page.file).pages.push(position);
    });
    this.routes = routeTable(this.model);
  }

  /** A file's text as the snapshot holds it. */
  read = (file: string): string => this.texts.get(file) ?? readFileSync(file, "utf8");

  /** Whether the snapshot holds this file (absolute). */
  has(file: string): boolean {
    return this.checked.has(file);
  }

  /** A file's problems in the snapshot (by the file as shown). */
  problemsOf(shown: string): readonly Problem[] {
    return this.byFile.get(shown) ?? [];
  }

  /** A file's problems with the change `delta` describes. */
  problemsWith(delta: SiteDelta, shown: string): readonly Problem[] {
    if (delta.files && !delta.files.has(shown)) return this.problemsOf(shown);
    return delta.problems.filter((p) => p.file === shown);
  }

  /** Every problem of the site with a change, in a report's order: what a whole-site run gives. */
  allProblems(delta: SiteDelta): Problem[] {
    if (!delta.files) return delta.problems;
    const { files } = delta;
    const kept = this.report.problems.filter((p) => !files.has(p.file));
    return kept.concat(delta.problems).sort(compareProblems);
  }

  /** The site's problems with `changes` (absolute path -> new text) in place of those files. */
  with(changes: Overlay): SiteDelta {
    const affected = this.affectedBy(changes);
    if (affected) {
      let run = this.run(changes, affected);
      // A change that makes a page share a title with a page it did not share it with: that page too.
      const more = run.addressed.filter((f) => !affected.has(f));
      if (more.length > 0) {
        for (const f of more) affected.add(f);
        run = this.run(changes, affected);
      }
      if (!run.linked) {
        const shown = new Set([...affected].map((f) => displayPath(f, this.options.shownFrom)));
        return { files: shown, problems: run.problems };
      }
    }
    const files = [...new Set([...this.files, ...changes.keys()])];
    const whole = runValidation({
      ...this.options,
      jobs: jobsFor(files, files),
      cache: this.frozenCache,
      overlay: changes,
      read: this.read,
    });
    return { files: undefined, problems: whole.problems };
  }

  /** The files `validate` checked again, the rest of the site as kept (the change leaves its addresses as they are). */
  private run(changes: Overlay, validate: ReadonlySet<string>): RunReport {
    const order = this.order();
    return runValidation({
      ...this.options,
      jobs: [...validate]
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
        .map((file) => ({ file, validate: true })),
      cache: this.frozenCache,
      overlay: changes,
      read: this.read,
      keptSite: this.kept(changes),
    });
  }

  private ordered: Map<string, number> | undefined;

  /** Each file's place in a run's order. */
  private order(): Map<string, number> {
    this.ordered ??= new Map(this.files.map((file, i) => [file, i]));
    return this.ordered;
  }

  /** The rest of the site for a run over the files a change can affect (run.ts). */
  private kept(changes: Overlay): KeptSite {
    const { checked, positions } = this;
    const schemaError = (file: string, pointer: string) => checked.get(file)?.skip.includes(pointer) === true;
    this.addresses ??= new PageAddressIndex(this.model, schemaError);
    const addresses = this.addresses;
    return {
      files: this.files,
      checked: (file) => checked.get(file),
      routes: this.routes,
      model: (fresh) => this.modelWith(fresh.filter((r) => changes.has(r.file))),
      pageAddresses: (model, of, namePlace) => addresses.problems(model, new Set(changes.keys()), of, namePlace),
      only: (model, of) => {
        const collections = new Map<string, { treatments: TreatmentFacts[] }>();
        for (const file of of)
          for (const [dataFile, position] of positions.get(file)?.treatments ?? []) {
            const t = model.collections.get(dataFile)?.treatments[position];
            if (!t) continue;
            const list = collections.get(dataFile) ?? { treatments: [] };
            list.treatments.push(t);
            collections.set(dataFile, list);
          }
        return { ...model, collections };
      },
      all: (fresh) => {
        const mine = new Map(fresh.map((r) => [r.file, r]));
        return this.files.flatMap((file) => {
          const result = mine.get(file) ?? checked.get(file);
          return result ? [result] : [];
        });
      },
    };
  }

  /** The kept model with the facts of `changed` (first passes of changed files) in place of theirs. */
  private modelWith(changed: readonly Checked[]): SiteModel {
    const model = { ...this.model };
    for (const result of changed) {
      const { fact, file } = result;
      const at = this.positions.get(file);
      if (!at || !fact) continue;
      const treatments =
        fact.kind === "collection" ? fact.treatments : fact.kind === "collection-item" ? [fact.treatment] : [];
      at.treatments.forEach(([dataFile, position], i) => {
        if (model.collections === this.model.collections) model.collections = new Map(model.collections);
        const known = model.collections.get(dataFile);
        if (!known || !treatments[i]) return;
        const list =
          this.model.collections.get(dataFile)?.treatments === known.treatments
            ? [...known.treatments]
            : known.treatments;
        list[position] = treatments[i];
        model.collections.set(dataFile, { treatments: list });
      });
      if (fact.kind === "page" && at.pages.length > 0) {
        if (model.pages === this.model.pages) model.pages = [...model.pages];
        for (const position of at.pages) model.pages[position] = fact.page;
      }
    }
    return model;
  }

  /**
   * The files whose problems a change can alter, when it can reach no further than them; undefined
   * when it can (the whole site is then checked). A changed file reaches further when what it
   * tells the rest of the site changes (its slugs, routes, names, schema, texts to translate...),
   * but for titles and descriptions, which only pages sharing them feel (page-addresses.ts).
   */
  private affectedBy(changes: Overlay): Set<string> | undefined {
    // A folded problem, or a folder without its settings (told on its first treatment page file
    // only): which file tells of them depends on files the change does not touch.
    if (this.report.linked || this.report.problems.some((p) => p.name === "MissingCollectionSettings"))
      return undefined;
    const affected = new Set(this.report.addressed);
    const placeholders = readPlaceholders(this.options.siteRoot, (file) => changes.get(file) ?? this.read(file));
    const checker = new FileChecker(this.options, (file) => changes.get(file) ?? this.read(file), { placeholders });
    for (const [file, text] of changes) {
      const before = this.checked.get(file);
      if (!before || this.special.has(file) || this.texts.get(file) === undefined) return undefined;
      if (text === this.texts.get(file)) continue;
      const after = checker.check({ file, validate: true });
      if (reach(before) !== reach(after)) return undefined;
      affected.add(file);
      for (const translation of this.translations.get(file) ?? []) affected.add(translation);
    }
    return affected;
  }
}

/** What a file's first pass tells the checks of other files, titles and descriptions aside. */
function reach(c: Checked): string {
  return JSON.stringify([c.schema, c.dataFile, c.skip, c.hasTexts, c.draft, c.html, c.fact && withoutOwnWords(c.fact)]);
}

function withoutOwnWords(fact: Fact): unknown {
  const bare = <T extends { title?: string; description?: string }>({ title, description, ...rest }: T) => rest;
  switch (fact.kind) {
    case "page":
      return { ...fact, page: { ...fact.page, meta: undefined } };
    case "collection":
      return { ...fact, treatments: fact.treatments.map(bare) };
    case "collection-item":
      return { ...fact, treatment: bare(fact.treatment) };
    default:
      return fact;
  }
}
