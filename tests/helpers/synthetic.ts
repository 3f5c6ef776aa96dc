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
  };
}

/** `real` with `count` treatments, cycling through its own. */
export function syntheticCollection(real: TreatmentCollection, count: number): TreatmentCollection {
  const items = Array.from({ length: count }, (_, i) =>
    cloneTreatment(real.sub_departments[i % real.sub_departments.length], i + 1),
  );
  return { ...real, sub_departments: items };
}
