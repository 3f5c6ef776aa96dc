import type { Section, Subsection } from "../../../shared/generated/collection";
import { useTreatment } from "../../collections/treatment-context";
import { useFallbackLang } from "../../i18n/context";
import { Link } from "../../ui/AppLink";
import { ContentList, TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./treatment-sections.css";

function Paragraph({ text, className }: { text?: string; className?: string }) {
  const langOf = useFallbackLang();
  if (!text) return null;
  return (
    <p className={className} lang={langOf(text)}>
      <TextWithBreaks text={text} />
    </p>
  );
}

type Level = 3 | 4;

/**
 * The level a heading is rendered at: the one the content asks for, but never more than one below
 * the heading before it. Some subsections have an h4 and no h3, which would skip a level after the
 * section's h2 (screen-reader users navigate by level); such an h4 is rendered as an h3 that keeps
 * the h4 look.
 */
const levelAfter = (wanted: Level, previous: number): Level => (wanted > previous + 1 ? 3 : wanted);

/** The rendered levels of a section's subsection headings, in document order. */
function subsectionLevels(subsections: Subsection[]) {
  let previous = 2;
  const take = (wanted: Level): Level => {
    const level = levelAfter(wanted, previous);
    previous = level;
    return level;
  };
  return subsections.map((subsection) => ({
    h3: subsection.h3 ? take(3) : undefined,
    h4: subsection.h4 ? take(4) : undefined,
    nested: subsection.subsections?.map(() => take(4)) ?? [],
  }));
}

function SubHeading({
  wanted,
  level,
  text,
  children,
}: {
  wanted: Level;
  level?: Level;
  text: string;
  children?: React.ReactNode;
}) {
  const Tag = level === 3 ? "h3" : "h4";
  const langOf = useFallbackLang();
  return (
    <Tag className={wanted !== level ? `subsection__${wanted === 4 ? "h4" : "h3"}` : undefined} lang={langOf(text)}>
      {children ?? text}
    </Tag>
  );
}

function SubsectionView({
  subsection,
  levels,
}: {
  subsection: Subsection;
  levels: ReturnType<typeof subsectionLevels>[number];
}) {
  const langOf = useFallbackLang();
  return (
    <div className="subsection">
      {subsection.h3 ? (
        <SubHeading wanted={3} level={levels.h3} text={subsection.h3}>
          {subsection.profile_url ? <Link to={subsection.profile_url}>{subsection.h3}</Link> : undefined}
        </SubHeading>
      ) : null}
      {subsection.h4 ? <SubHeading wanted={4} level={levels.h4} text={subsection.h4} /> : null}
      <Paragraph text={subsection.description} />
      {subsection.list ? <ContentList items={subsection.list} langOf={langOf} /> : null}
      {subsection.subsections?.map((nested, i) => (
        <div className="subsection subsection--nested" key={nested.h4}>
          <SubHeading wanted={4} level={levels.nested[i]} text={nested.h4} />
          <Paragraph text={nested.description} />
        </div>
      ))}
    </div>
  );
}

function SectionView({ section }: { section: Section }) {
  const levels = subsectionLevels(section.subsections ?? []);
  const langOf = useFallbackLang();
  return (
    <section className="content-section">
      <h2 lang={langOf(section.h2)}>{section.h2}</h2>
      <Paragraph text={section.description} />
      {section.list ? <ContentList items={section.list} langOf={langOf} /> : null}
      <Paragraph text={section.description_after} />
      {section.subsections?.map((subsection, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: subsections may lack headings; position identifies them.
        <SubsectionView subsection={subsection} levels={levels[i]} key={i} />
      ))}
      <Paragraph text={section.conclusion} className="content-section__conclusion" />
    </section>
  );
}

/** The treatment's content sections, top to bottom. */
export function TreatmentSections(_: BlockProps<"treatment-sections">) {
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
