import { Link } from "react-router-dom";
import { useTreatment } from "../collections/treatment-context";
import type { TreatmentSections as TreatmentSectionsBlock } from "../generated/blocks/treatment-sections";
import type { Section, Subsection } from "../generated/collection";
import { ContentList, TextWithBreaks } from "../ui/text";

export type TreatmentSectionsProps = { block: TreatmentSectionsBlock };

function Paragraph({ text, className }: { text?: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={className}>
      <TextWithBreaks text={text} />
    </p>
  );
}

function SubsectionView({ subsection }: { subsection: Subsection }) {
  return (
    <div className="subsection">
      {subsection.h3 ? (
        <h3>{subsection.profile_url ? <Link to={subsection.profile_url}>{subsection.h3}</Link> : subsection.h3}</h3>
      ) : null}
      {subsection.h4 ? <h4>{subsection.h4}</h4> : null}
      <Paragraph text={subsection.description} />
      {subsection.list ? <ContentList items={subsection.list} /> : null}
      {subsection.subsections?.map((nested) => (
        <div className="subsection subsection--nested" key={nested.h4}>
          <h4>{nested.h4}</h4>
          <Paragraph text={nested.description} />
        </div>
      ))}
    </div>
  );
}

function SectionView({ section }: { section: Section }) {
  return (
    <section className="content-section">
      <h2>{section.h2}</h2>
      <Paragraph text={section.description} />
      {section.list ? <ContentList items={section.list} /> : null}
      <Paragraph text={section.description_after} />
      {section.subsections?.map((subsection, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: subsections may lack headings; position identifies them.
        <SubsectionView subsection={subsection} key={i} />
      ))}
      <Paragraph text={section.conclusion} className="content-section__conclusion" />
    </section>
  );
}

/** The treatment's content sections, top to bottom. */
export function TreatmentSections(_: TreatmentSectionsProps) {
  const { sections } = useTreatment().subDepartment.content;
  if (!sections?.length) return null;
  return (
    <div className="treatment-sections container">
      {sections.map((section) => (
        <SectionView section={section} key={section.h2} />
      ))}
    </div>
  );
}
