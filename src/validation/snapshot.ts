/**
 * A site folder validated once and kept: every file's text, first pass and problems. A change to
 * a few of its files is then checked without going through the whole site again: the changed
 * files are checked anew, and so is every file whose problems the change can alter (their
 * translations; pages sharing a title or description with them, whose problems name them), all
 * against the site model of the rest as kept. The result is the one a whole-site run on the changed site gives
 * (tests/validation/snapshot.test.ts); a change that can reach further (a slug, a route, a name
 * other files point at, site.json, placeholders.json, a file added or removed, a reference left
 * missing) is checked by a whole-site run, which reuses the kept first pass of the unchanged files.
 *
 * The editor keeps one per published commit and checks every change set's saves against it
 * (src/editor/server/shared-check.ts): at 10,000 treatments a save then costs a few files, not
 * 10,000. The build makes one of what its last check kept (KeptRun: no texts, nothing run again)
 * and checks the files changed since (src/build/check-changes.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { namesOf, reach } from "./change-reach";
import type { Checked } from "./check-file";
import { FileChecker } from "./check-file";
import { KeptModel } from "./kept-model";
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
  type ValidationCache,
} from "./run";
import { routeTable } from "./site-model";
import type { FilesDelta, KeptRun, SiteDelta, SnapshotOptions } from "./snapshot-types";
import { translationTarget } from "./translations";

export type { FilesDelta, KeptRun, SiteDelta, SnapshotOptions } from "./snapshot-types";

export class SiteSnapshot {
  /** The site's problems as it is. */
  readonly report: RunReport;
  private readonly texts = new Map<string, string>();
  private readonly checked: Map<string, Checked>;
  private readonly translated: Map<string, UnplacedProblem[]>;
  private readonly files: string[];
  private readonly byFile = new Map<string, Problem[]>();
  /** Each English file's translation files. */
  private readonly translations = new Map<string, string[]>();
  private readonly frozenCache: ValidationCache;
  private readonly special: Set<string>;
  /** The site model as kept, and where each file's treatments and pages are in it. */
  private readonly model: KeptModel;
  private readonly routes: Set<string>;
  private addresses: PageAddressIndex | undefined;
  /** The translation checks a run with changes made (the kept ones stay as they are). */
  private recorded = new Map<string, UnplacedProblem[]>();

  /** Validates the whole site, or takes what a whole-site run left (`keptRun`: the texts are then read from disk). */
  constructor(
    private readonly options: SnapshotOptions,
    private readonly keptRun?: KeptRun,
  ) {
    this.files = keptRun?.files ?? listJsonFiles(options.siteRoot);
    this.checked = keptRun?.checked ?? new Map();
    this.translated = keptRun?.translated ?? new Map();
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
        else this.recorded.set(file, problems);
      },
    };
    this.report =
      keptRun?.report ??
      runValidation({
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
    // Only files under i18n/ are translations (10,000 treatments' paths are not worked out each time).
    const i18n = path.join(options.siteRoot, "i18n") + path.sep;
    for (const file of this.files) {
      if (!file.startsWith(i18n)) continue;
      const english = translationTarget(options.siteRoot, file)?.english;
      if (english) this.translations.set(english, [...(this.translations.get(english) ?? []), file]);
    }
    // What every file's checks read: a change to these is checked with the whole site.
    this.special = new Set(["site.json", "placeholders.json"].map((f) => path.join(options.siteRoot, f)));
    this.model = new KeptModel(this.files, checked);
    this.routes = routeTable(this.model.model);
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
    return this.withinFiles(changes) ?? this.whole(changes);
  }

  /**
   * The site's problems with `changes`, found by checking only the files the change can affect;
   * undefined when it can reach further (a whole-site run then tells).
   */
  withinFiles(changes: Overlay): FilesDelta | undefined {
    const firstPasses = new Map<string, Checked>();
    const affected = this.affectedBy(changes, firstPasses);
    if (!affected) return undefined;
    this.recorded = new Map();
    let run = this.run(changes, affected);
    // A change that makes a page share a title with a page it did not share it with: that page too.
    const more = run.addressed.filter((f) => !affected.has(f));
    if (more.length > 0) {
      for (const f of more) affected.add(f);
      run = this.run(changes, affected);
    }
    if (run.linked) return undefined;
    const shown = new Set([...affected].map((f) => displayPath(f, this.options.shownFrom)));
    return { files: shown, problems: run.problems, addressed: run.addressed, firstPasses, translated: this.recorded };
  }

  /** The site's problems with `changes`, by a whole-site run over the kept first pass of the unchanged files. */
  private whole(changes: Overlay): SiteDelta {
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
    const { checked, model } = this;
    const addresses = this.addressIndex();
    return {
      files: this.files,
      checked: (file) => checked.get(file),
      routes: this.routes,
      model: (fresh) => model.with(fresh.filter((r) => changes.has(r.file))),
      pageAddresses: (changed, of, namePlace) => addresses.problems(changed, new Set(changes.keys()), of, namePlace),
      only: (changed, of) => model.only(changed, of),
      all: (fresh) => {
        const mine = new Map(fresh.map((r) => [r.file, r]));
        return this.files.flatMap((file) => {
          const result = mine.get(file) ?? checked.get(file);
          return result ? [result] : [];
        });
      },
    };
  }

  /** The checks across pages of the site as kept, made when a change first needs them. */
  private addressIndex(): PageAddressIndex {
    const { checked } = this;
    const schemaError = (file: string, pointer: string) => checked.get(file)?.skip.includes(pointer) === true;
    this.addresses ??= new PageAddressIndex(this.model.model, schemaError);
    return this.addresses;
  }

  /**
   * The files whose problems a change can alter, when it can reach no further than them; undefined
   * when it can (the whole site is then checked). A changed file reaches further when what it
   * tells the rest of the site changes (its slugs, routes, names, schema, texts to translate...),
   * but for titles and descriptions, which only pages sharing them feel (page-addresses.ts), and
   * treatments' names, which only those pages' problems name (when no page's address problem
   * names another page).
   */
  private affectedBy(changes: Overlay, firstPasses: Map<string, Checked>): Set<string> | undefined {
    // A folded problem, or a folder without its settings (told on its first treatment page file
    // only): which file tells of them depends on files the change does not touch.
    if (this.report.linked || this.report.problems.some((p) => p.name === "MissingCollectionSettings"))
      return undefined;
    const affected = new Set(this.report.addressed);
    const placeholders = readPlaceholders(this.options.siteRoot, (file) => changes.get(file) ?? this.read(file));
    const checker = new FileChecker(this.options, (file) => changes.get(file) ?? this.read(file), { placeholders });
    for (const [file, text] of changes) {
      const before = this.checked.get(file);
      const old = this.texts.get(file);
      // A kept run's snapshot holds no texts: a change given to it is taken as a change.
      if (!before || this.special.has(file) || (old === undefined && !this.keptRun)) return undefined;
      if (text === old) continue;
      const after = checker.check({ file, validate: true });
      firstPasses.set(file, after);
      if (reach(before) !== reach(after)) return undefined;
      if (namesOf(before) !== namesOf(after) && this.addressIndex().namesOthers()) return undefined;
      affected.add(file);
      for (const translation of this.translations.get(file) ?? []) affected.add(translation);
    }
    return affected;
  }
}
