import type { Doctor, Doctors } from "../../../shared/generated/doctors";
import { memoLoader } from "../../tracked";

const doctors = memoLoader((_: "all") =>
  // A glob rather than import(): the same chunk, and the type check reads no config.
  (
    import.meta
      .glob("../../../../site-config/doctors.json", { import: "default" })
      ["../../../../site-config/doctors.json"]() as Promise<Doctors>
  ).then((file) => file.doctors),
);

/**
 * The doctors, fetched on demand: only the doctor search (and a medical review line away from its
 * prerendered page) needs them, so they are a chunk of their own rather than part of every page's
 * bundle. Imported from the block's own folder, so the import sits in the block's chunk, where
 * the build finds what the block loads before it renders. One promise for the session, which
 * React's `use()` reads at once once it has settled.
 */
export const loadDoctors = (): Promise<Doctor[]> => doctors("all");
