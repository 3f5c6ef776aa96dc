/**
 * Synthetic collections for tests and benchmarks: `count` treatments cloned from a real
 * collection's, each with its own slug, name, page path and canonical address.
 */
import type { SubDepartment, TreatmentCollection } from "../../src/shared/generated/collection";

/** The n-th clone (1-based) of `base`. */
export function cloneTreatment(base: SubDepartment, n: number): SubDepartment {
  const slug = `${base.slug}-${n}`;
  return {
    ...base,
    slug,
    name: `${base.name} ${n}`,
    url: base.url.replace(base.slug, slug),
    canonical_url: base.canonical_url.replace(base.slug, slug),
    // Each page's own title and description, as the validator asks (no two pages share one).
    meta_title: `${base.meta_title} ${n}`,
    meta_description: `${base.meta_description} (${n})`,
  };
}

/**
 * `real` with `count` treatments: its own first (what presentations name by slug stays valid),
 * then clones of them in turn, numbered from one more than it has.
 */
export function syntheticCollection(real: TreatmentCollection, count: number): TreatmentCollection {
  const own = real.sub_departments.length;
  const items = Array.from({ length: count }, (_, i) =>
    i < own ? real.sub_departments[i] : cloneTreatment(real.sub_departments[i % own], i + 1),
  );
  return { ...real, sub_departments: items };
}
