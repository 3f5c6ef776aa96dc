import { forms } from "../../config/forms";
import { useBlockWords } from "../../i18n/block-words";
import { SectionHeading } from "../../ui/SectionHeading";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./form-data-notice.css";

/** What each lead form collects (read from the form's own config) and why (from the block). */
export function FormDataNotice({ block }: BlockProps<"form-data-notice">) {
  const words = useBlockWords().formDataNotice;
  const rows = block.forms.map((row) => {
    const form = forms[row.form];
    if (!form) throw new Error(`form-data-notice: no form '${row.form}' in site-config/forms/.`);
    return {
      id: row.form,
      title: row.label ?? form.title ?? row.form,
      fields: form.fields.map((f) => f.label),
      purpose: row.purpose,
    };
  });
  const caption = block.title ?? words.caption;
  return (
    <section className="form-data-notice container">
      <SectionHeading title={block.title} intro={block.intro} />
      <div className="table-frame">
        <table className="data-table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{words.formColumn}</th>
              <th scope="col">{words.collects}</th>
              <th scope="col">{words.why}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.title}</th>
                <td data-label={words.collects}>{row.fields.join(", ")}</td>
                <td data-label={words.why}>
                  <TextWithBreaks text={row.purpose} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
