import { useTreatment } from "../../collections/treatment-context";
import type { BlockProps } from "../types";
import { ReviewLine } from "./ReviewLine";

/** "Medically reviewed by Dr … on …; next review due …", on a treatment that records a review. */
export function TreatmentReview(_: BlockProps<"treatment-review">) {
  const { subDepartment } = useTreatment();
  return <ReviewLine review={subDepartment.review} kind="treatments" />;
}
