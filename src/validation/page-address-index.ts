/**
 * The checks across pages (page-addresses.ts) for a change that leaves every page's addresses as
 * they are (slugs, page paths, canonical addresses, which pages there are) and may change titles
 * and descriptions: what snapshot.ts checks of 10,000 treatments on every save in the editor.
 * The pass over every page is made once, for the site as kept; a change then looks only at the
 * values its files' pages have, among the pages that have the same value (found in one walk of the
 * pass's slots, comparing each with those few values): their problems, not 40,000 pages'.
 * It finds what pageAddressProblems finds for those files on the changed site
 * (tests/validate/snapshot.test.ts compares with whole-site runs).
 */
import {
  type AddressPass,
  addressPass,
  addTo,
  duplicate,
  type NamePlace,
  type Slot,
  slotName,
  slotValue,
} from "./page-addresses";
import type { UnplacedProblem } from "./problem";
import type { SiteModel } from "./site-model";

const keyOf = (slot: Slot, value: string) => `${slot.field}\n${value}`;

/** Slots' positions, in order, by field and then value. */
type ByValue = Map<string, Map<string, number[]>>;

export class PageAddressIndex {
  private readonly pass: AddressPass;
  /** The slots by file and by value, made for the second change asked about (see problems). */
  private index: { slotsOf: Map<string, number[]>; byValue: ByValue } | undefined;
  private asked = 0;

  /** `model`: the site as kept; `schemaError(file, pointer)` as pageAddressProblems takes it. */
  constructor(model: SiteModel, schemaError: (file: string, pointer: string) => boolean) {
    this.pass = addressPass(model, schemaError);
  }

  /**
   * Whether some page's address is another page's (a slug changed alone, a page path or canonical
   * address not its own): those problems name the other page as the site was kept.
   */
  namesOthers(): boolean {
    return this.pass.found.size > 0;
  }

  /**
   * The problems of the pages of `of` (files, absolute) on `model`, the kept model with the files
   * `changed` differing in their titles, descriptions and treatments' names only; and the other files that share a
   * value with them (whose problems the change may alter too).
   */
  problems(
    model: SiteModel,
    changed: ReadonlySet<string>,
    of: ReadonlySet<string>,
    namePlace: NamePlace,
  ): { found: Map<string, UnplacedProblem[]>; sharing: Set<string> } {
    const { slots, reported } = this.pass;
    // A build asks about one change: its few files and values are found by walking the slots
    // (indexing 40,000 slots by both cost a one-change build at 10,000 treatments 85 ms for those
    // few). The editor asks about one save after another: from the second on, the index answers.
    if (++this.asked === 2) this.index = indexOf(slots);
    const slotsOf = this.index?.slotsOf ?? new Map<string, number[]>();
    if (!this.index)
      slots.forEach((slot, i) => {
        if (changed.has(slot.place.file) || of.has(slot.place.file)) addTo(slotsOf, slot.place.file, i);
      });
    const moved = new Map<number, string | undefined>();
    /** The changed slots as they are now (a treatment's name names its page in another's problem). */
    const now = new Map<number, Slot>();
    for (const file of changed)
      for (const i of slotsOf.get(file) ?? []) {
        moved.set(i, slotValue(slots[i], model));
        now.set(i, { ...slots[i], name: slotName(slots[i], model) });
      }
    const valueAt = (i: number) => (moved.has(i) ? moved.get(i) : slots[i].value);
    const found = new Map<string, UnplacedProblem[]>();
    for (const file of of) for (const make of this.pass.found.get(file) ?? []) addTo(found, file, make(namePlace));

    // The slots that had each value the files' pages have, as kept, in order.
    let kept = this.index?.byValue;
    if (!kept) {
      const wanted: ByValue = new Map();
      for (const file of of)
        for (const i of slotsOf.get(file) ?? []) {
          const value = valueAt(i);
          if (value === undefined) continue;
          const byValue = wanted.get(slots[i].field) ?? new Map<string, number[]>();
          wanted.set(slots[i].field, byValue);
          byValue.set(value, []);
        }
      if (wanted.size > 0)
        slots.forEach((slot, j) => {
          if (slot.value !== undefined) wanted.get(slot.field)?.get(slot.value)?.push(j);
        });
      kept = wanted;
    }

    // Every value the files' pages have: the pages sharing it, in order, and the first of them.
    const duplicates: [number, UnplacedProblem][] = [];
    const sharing = new Set<string>();
    const seen = new Set<string>();
    for (const file of of)
      for (const i of slotsOf.get(file) ?? []) {
        const value = valueAt(i);
        if (value === undefined) continue;
        const key = keyOf(slots[i], value);
        if (seen.has(key)) continue;
        seen.add(key);
        const same = (kept.get(slots[i].field)?.get(value) ?? []).filter((j) => !moved.has(j));
        for (const [j, now] of moved) if (now === value && slots[j].field === slots[i].field) same.push(j);
        if (same.length < 2 || reported.has(key)) continue;
        same.sort((a, b) => a - b);
        const [first, ...others] = same;
        for (const j of others) {
          sharing.add(slots[j].place.file);
          if (of.has(slots[j].place.file))
            duplicates.push([j, duplicate(slots[j], value, now.get(first) ?? slots[first], namePlace)]);
        }
      }
    // In the order a whole pass finds them: after each file's address problems, by page.
    duplicates.sort((a, b) => a[0] - b[0]);
    for (const [j, made] of duplicates) addTo(found, slots[j].place.file, made);
    return { found, sharing };
  }
}

/** The slots' positions by file and by value (a value's in order). */
function indexOf(slots: readonly Slot[]): { slotsOf: Map<string, number[]>; byValue: ByValue } {
  const slotsOf = new Map<string, number[]>();
  const byValue: ByValue = new Map();
  slots.forEach((slot, i) => {
    addTo(slotsOf, slot.place.file, i);
    if (slot.value === undefined) return;
    const values = byValue.get(slot.field) ?? new Map<string, number[]>();
    byValue.set(slot.field, values);
    addTo(values, slot.value, i);
  });
  return { slotsOf, byValue };
}
