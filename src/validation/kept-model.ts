/**
 * A snapshot's site model (snapshot.ts): made once from every file's first pass, in a run's
 * order, with where each file's treatments and pages sit in it, so a run over a few changed
 * files puts their facts in place of the kept ones without making the model of 10,000 files again.
 */
import type { Checked } from "./check-file";
import { addFact, emptyModel, type SiteModel, type TreatmentFacts } from "./site-model";

export class KeptModel {
  /** The model a whole-site run makes of these first passes. */
  readonly model: SiteModel = emptyModel();
  private readonly positions = new Map<string, { treatments: [string, number][]; pages: number[] }>();

  constructor(files: readonly string[], checked: ReadonlyMap<string, Checked>) {
    // Made again from the first passes in the run's order (a run keeps no model).
    for (const file of files) {
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
  }

  /** The kept model with the facts of `changed` (first passes of changed files) in place of theirs. */
  with(changed: readonly Checked[]): SiteModel {
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

  /** `model` with only the treatments of the files `of` (for the checks of their reviews' dates). */
  only(model: SiteModel, of: ReadonlySet<string>): SiteModel {
    const collections = new Map<string, { treatments: TreatmentFacts[] }>();
    for (const file of of)
      for (const [dataFile, position] of this.positions.get(file)?.treatments ?? []) {
        const t = model.collections.get(dataFile)?.treatments[position];
        if (!t) continue;
        const list = collections.get(dataFile) ?? { treatments: [] };
        list.treatments.push(t);
        collections.set(dataFile, list);
      }
    return { ...model, collections };
  }
}
