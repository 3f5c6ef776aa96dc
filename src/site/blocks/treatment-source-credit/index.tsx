import { useTreatment } from "../../collections/treatment-context";
import type { BlockProps } from "../types";
import "./treatment-source-credit.css";

/** The source credit line, only on the treatments the collection credits. */
export function TreatmentSourceCredit(_: BlockProps<"treatment-source-credit">) {
  const { subDepartment, presentation } = useTreatment();
  const credit = presentation.sourceCredits.find((c) => c.slug === subDepartment.slug);
  if (!credit) return null;
  return (
    <p className="source-credit container">
      {credit.text}{" "}
      <a href={credit.href} target="_blank" rel="noopener noreferrer">
        {credit.label}
      </a>
    </p>
  );
}
