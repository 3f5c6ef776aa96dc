import { useTreatment } from "../../collections/treatment-context";
import { loadDoctors } from "../doctor-search/doctors";
import type { BlockProps } from "../types";
import { ReviewLine } from "./ReviewLine";

// The doctors' names (a chunk shared with the doctor search), awaited in the module as the doctor
// search does: whoever loads the block (a route before it renders or hydrates, the prerenderer)
// gets it complete.
const doctors = await loadDoctors();

/** "Medically reviewed by Dr … on …; next review due …", on a treatment that records a review. */
export function TreatmentReview(_: BlockProps<"treatment-review">) {
  const { subDepartment } = useTreatment();
  return <ReviewLine review={subDepartment.review} kind="treatments" doctors={doctors} />;
}
