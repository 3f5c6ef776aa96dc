/**
 * Stands in for src/site/forms/LeadForm in the site tests (the forms have their own tests): it shows
 * the form's id, title and context, and the form's select fields with their configured options,
 * which is all the site blocks rely on.
 */
import { forms } from "../../src/site/config/forms";

export function LeadForm(props: {
  formId: string;
  title?: string;
  context?: Record<string, string>;
  idPrefix?: string;
}) {
  const form = forms[props.formId];
  return (
    <form data-testid="lead-form" data-form={props.formId} data-context={JSON.stringify(props.context ?? {})}>
      <h2>{props.title ?? form?.title}</h2>
      {form?.fields
        .filter((field) => field.type === "select")
        .map((field) => (
          <label key={field.name}>
            {field.label}
            <select name={field.name} defaultValue="">
              <option value="">Select…</option>
              {field.options?.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
        ))}
    </form>
  );
}
