import type { Doctor, Doctors } from "../../../shared/generated/doctors";

/**
 * The doctors, fetched on demand: only the doctor search needs them, so they are a chunk of their
 * own rather than part of every page's bundle. Imported from the block's own folder, so the
 * import sits in the block's chunk, where the build finds what the block loads before it renders.
 */
export const loadDoctors = (): Promise<Doctor[]> =>
  import("../../../../site-config/doctors.json").then((module) => (module.default as Doctors).doctors);
