import type { MouseEvent } from "react";
import type { HealthPackagesBlock } from "../../../shared/generated/blocks/health-packages";
import type { HealthPackage } from "../../../shared/generated/packages";
import { healthPackages } from "../../config/content";
import { LeadForm } from "../../forms/LeadForm";
import { ConfigLink } from "../../ui/ConfigLink";
import { formatInr } from "../../ui/formatting";
import { Icon } from "../../ui/Icon";
import { SampleBadge, SampleNote } from "../../ui/SampleNote";
import { SectionHeading } from "../../ui/SectionHeading";
import { TextWithBreaks } from "../../ui/text";
import type { BlockProps } from "../types";
import "./health-packages.css";

/** Shown when any package is sample data: prices and contents are not to be taken as final. */
export const samplePackagesNote =
  "These packages and prices are samples while our team confirms them. We will confirm what is included and the price when we call you about your booking.";

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
  const bookLabel = block.bookLabel ?? "Book this package";
  return (
    <li className={pkg.highlight ? "package-card package-card--highlight surface" : "package-card surface"}>
      {pkg.highlight ? <span className="package-card__highlight">{pkg.highlight}</span> : null}
      <h3 className="package-card__name" id={headingId}>
        {pkg.name}
      </h3>
      {pkg.sample ? <SampleBadge label="Sample package" /> : null}
      <p className="package-card__price">
        <data value={pkg.priceInr}>{formatInr(pkg.priceInr)}</data>
      </p>
      <p className="package-card__price-note">{block.priceNote}</p>
      <p className="package-card__summary">
        <TextWithBreaks text={pkg.summary} />
      </p>
      {full ? (
        <>
          <h4 className="package-card__includes-title">What it includes</h4>
          <ul className="package-card__includes">
            {pkg.includes.map((item) => (
              <li key={item}>
                <Icon name="check" /> {item}
              </li>
            ))}
          </ul>
          {pkg.preparation ? (
            <p className="package-card__preparation">
              <strong>Before your checkup:</strong> {pkg.preparation}
            </p>
          ) : null}
        </>
      ) : (
        <p className="package-card__count">{pkg.includes.length} tests and consultations</p>
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
  const shown = block.limit ? healthPackages.slice(0, block.limit) : healthPackages;
  const formAnchor = block.form ? `book-${block.form}` : undefined;
  return (
    <section className={`health-packages health-packages--${block.variant ?? "full"} container`}>
      <SectionHeading title={block.title} intro={block.intro} />
      {shown.some((pkg) => pkg.sample) ? <SampleNote text={samplePackagesNote} /> : null}
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
