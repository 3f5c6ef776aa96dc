import { specialities } from "../../config/site-config";
import { useEntry } from "../../entries/entry-context";
import { LeadForm } from "../../forms/LeadForm";
import type { BlockProps } from "../types";
import "./form.css";

/** A lead form from site-config/forms/; on a speciality page it carries that speciality. */
export function Form({ block }: BlockProps<"form">) {
  const entry = useEntry();
  // As the English config names it, whatever the page's language: the CRM gets English names.
  const slug = entry?.kind === "specialities" ? entry.entry.slug : undefined;
  const speciality = slug ? (specialities.find((s) => s.slug === slug)?.name ?? undefined) : undefined;
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
