/**
 * A stand-in for src/site/forms/LeadForm (tested by the forms' own tests): it shows which form and id
 * prefix the layout asked for, and gives the booking modal focusable fields.
 */
export function LeadForm({ formId, idPrefix, title }: { formId: string; idPrefix?: string; title?: string }) {
  return (
    <form aria-label={`lead form ${formId}`} data-form-id={formId} data-id-prefix={idPrefix} data-title={title}>
      <label htmlFor={`${idPrefix}-name`}>Full name</label>
      <input id={`${idPrefix}-name`} />
      <label htmlFor={`${idPrefix}-mobile`}>Mobile number</label>
      <input id={`${idPrefix}-mobile`} />
      <button type="submit">Submit</button>
    </form>
  );
}
