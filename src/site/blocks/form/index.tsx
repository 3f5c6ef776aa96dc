import { useEntry } from "../../entries/entry-context";
import { LeadForm } from "../../forms/LeadForm";
import type { BlockProps } from "../types";
import "./form.css";

/** A lead form from site-config/forms/; on a speciality page it carries that speciality. */
export function Form({ block }: BlockProps<"form">) {
  const entry = useEntry();
  const speciality = entry?.kind === "specialities" ? entry.entry.name : undefined;
  return (
    <section className="form-block container">
      <LeadForm
        formId={block.form}
        title={block.title}
        context={speciality ? { speciality, department: speciality } : undefined}
        idPrefix={`form-${block.form}`}
      />
    </section>
  );
}
