import { Fragment, use } from "react";
import { formIn } from "../../forms/form-language";
import { useBlockWords } from "../../i18n/block-words";
import { useFallbackLang, useLanguage } from "../../i18n/context";
import { defaultLanguage } from "../../i18n/languages";
import { SectionHeading } from "../../ui/SectionHeading";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./form-data-notice.css";

/** A text and the `lang` of the element showing it (set where it is English on another language's page). */
interface Shown {
  text: string;
  lang?: string;
}

/**
 * What each lead form collects (read from the form's own config, in the page's language) and why
 * (from the block).
 */
export function FormDataNotice({ block }: BlockProps<"form-data-notice">) {
  const words = useBlockWords().formDataNotice;
  const lang = useLanguage();
  const langOf = useFallbackLang();
  const rows = block.forms.map((row) => {
    // The form as its own page shows it (loaded with its translation; `use` may sit in a loop).
    const inLanguage = use(formIn(row.form, lang));
    if (!inLanguage) throw new Error(`form-data-notice: no form '${row.form}' in site-config/forms/.`);
    const { form, english } = inLanguage;
    const shown = (text: string): Shown => ({
      text,
      lang: langOf(text) ?? (english.includes(text) ? defaultLanguage : undefined),
    });
    return {
      id: row.form,
      title: shown(row.label ?? form.title ?? row.form),
      fields: form.fields.map((f) => shown(f.label)),
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
                <th scope="row" lang={row.title.lang}>
                  {row.title.text}
                </th>
                <td data-label={words.collects}>
                  {row.fields.map((field, i) => (
                    <Fragment key={field.text}>
                      {i > 0 ? ", " : null}
                      {field.lang ? <span lang={field.lang}>{field.text}</span> : field.text}
                    </Fragment>
                  ))}
                </td>
                <td data-label={words.why} lang={langOf(row.purpose)}>
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
