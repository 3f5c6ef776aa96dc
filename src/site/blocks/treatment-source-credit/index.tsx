import type { TreatmentSourceCredit as TreatmentSourceCreditBlock } from "../../../shared/generated/blocks/treatment-source-credit";
import { useTreatment } from "../../collections/treatment-context";
import "./treatment-source-credit.css";

export type TreatmentSourceCreditProps = { block: TreatmentSourceCreditBlock };

/** The source credit line, only on the treatments the collection credits. */
export function TreatmentSourceCredit(_: TreatmentSourceCreditProps) {
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
