import type { Doctor, Doctors } from "../../../shared/generated/doctors";

/**
 * The doctors, fetched on demand: only the doctor search needs them, so they are a chunk of their
 * own rather than part of every page's bundle. Imported from the block's own folder, so the
 * import sits in the block's chunk, where the build finds what the block loads before it renders.
 */
export const loadDoctors = (): Promise<Doctor[]> =>
  // A glob rather than import(): the same chunk, and the type check reads no config.
  (
    import.meta
      .glob("../../../../site-config/doctors.json", { import: "default" })
      ["../../../../site-config/doctors.json"]() as Promise<Doctors>
  ).then((file) => file.doctors);
