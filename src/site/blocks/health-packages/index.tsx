import type { MouseEvent } from "react";
import type { HealthPackagesBlock } from "../../../shared/generated/blocks/health-packages";
import type { HealthPackage } from "../../../shared/generated/packages";
import { healthPackages } from "../../config/health-packages";
import { LeadForm } from "../../forms/LeadForm";
import { formatterFor, useBlockWords } from "../../i18n/block-words";
import { useFallbackLang, useLanguage } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { useListLang } from "../../i18n/lists";
import { ConfigLink } from "../../ui/ConfigLink";
import { formatInr } from "../../ui/formatting";
import { Icon } from "../../ui/Icon";
import { SampleBadge, SampleNote } from "../../ui/SampleNote";
import { SectionHeading } from "../../ui/SectionHeading";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./health-packages.css";

// The words it formats, with FormatJS's formatter if one of them needs it (block-words.ts).
await formatterFor(["healthPackages"]);

/**
 * After the jump to the booking form, chooses the package in the form's select that offers it
 * (the form is config, so the select is found by its options, not by a field name) and moves the
 * focus there, so the visitor continues in the form with the package already chosen.
 */
function choosePackage(event: MouseEvent<HTMLAnchorElement>, formAnchor: string, name: string) {
  const container = document.getElementById(formAnchor);
  const select = [...(container?.querySelectorAll("select") ?? [])].find((s) =>
    [...s.options].some((option) => option.value === name),
  );
  if (!select) return;
  event.preventDefault();
  select.value = name;
  select.dispatchEvent(new Event("change", { bubbles: true }));
  select.scrollIntoView({ block: "center" });
  select.focus({ preventScroll: true });
}

function PackageCard({
  pkg,
  block,
  formAnchor,
}: {
  pkg: HealthPackage;
  block: HealthPackagesBlock;
  formAnchor?: string;
}) {
  const full = (block.variant ?? "full") === "full";
  const headingId = `package-${pkg.slug}`;
  const ui = useBlockWords();
  const lang = useLanguage();
  const langOf = useFallbackLang();
  const words = ui.healthPackages;
  const bookLabel = block.bookLabel ?? words.book;
  return (
    <li className={pkg.highlight ? "package-card package-card--highlight surface" : "package-card surface"}>
      {pkg.highlight ? <span className="package-card__highlight">{pkg.highlight}</span> : null}
      <h3 className="package-card__name" id={headingId}>
        {pkg.name}
      </h3>
      {pkg.sample ? <SampleBadge label={ui.samples.package} /> : null}
      <p className="package-card__price">
        <data value={pkg.priceInr}>{formatInr(pkg.priceInr)}</data>
      </p>
      <p className="package-card__price-note">{block.priceNote}</p>
      <p className="package-card__summary">
        <TextWithBreaks text={pkg.summary} />
      </p>
      {full ? (
        <>
          <h4 className="package-card__includes-title">{words.includes}</h4>
          <ul className="package-card__includes">
            {pkg.includes.map((item) => (
              <li key={item}>
                <Icon name="check" /> {item}
              </li>
            ))}
          </ul>
          {pkg.preparation ? (
            <p className="package-card__preparation">
              <strong>{words.preparation}</strong> <span lang={langOf(pkg.preparation)}>{pkg.preparation}</span>
            </p>
          ) : null}
        </>
      ) : (
        <p className="package-card__count">{formatMessage(words.testCount, { count: pkg.includes.length }, lang)}</p>
      )}
      {formAnchor ? (
        <p className="package-card__actions">
          <a
            href={`#${formAnchor}`}
            className="button button--accent package-card__book"
            onClick={(event) => choosePackage(event, formAnchor, pkg.name)}
            aria-label={`${bookLabel}: ${pkg.name}`}
          >
            {bookLabel}
          </a>
        </p>
      ) : null}
    </li>
  );
}

/** Health checkup packages: contents and indicative prices, and the package booking form. */
export function HealthPackages({ block }: BlockProps<"health-packages">) {
  const { items: packages } = useListLang("packages.json", "packages", healthPackages);
  const shown = block.limit ? packages.slice(0, block.limit) : packages;
  const formAnchor = block.form ? `book-${block.form}` : undefined;
  const ui = useBlockWords();
  return (
    <section className={`health-packages health-packages--${block.variant ?? "full"} container`}>
      <SectionHeading title={block.title} intro={block.intro} />
      {shown.some((pkg) => pkg.sample) ? <SampleNote text={ui.healthPackages.sampleNote} /> : null}
      <ul className="package-list card-list">
        {shown.map((pkg) => (
          <PackageCard key={pkg.slug} pkg={pkg} block={block} formAnchor={formAnchor} />
        ))}
      </ul>
      {block.link ? (
        <p className="section-link">
          <ConfigLink link={block.link} className="button button--ghost" withIcon />
        </p>
      ) : null}
      {block.form ? (
        <div className="health-packages__form" id={formAnchor}>
          <LeadForm formId={block.form} idPrefix={`packages-${block.form}`} />
        </div>
      ) : null}
    </section>
  );
}
