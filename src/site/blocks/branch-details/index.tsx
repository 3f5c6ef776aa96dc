import { useEntry } from "../../entries/entry-context";
import { formatterFor, useBlockWords } from "../../i18n/block-words";
import { useLanguage, useLayoutConfig } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { messageNodes } from "../../i18n/message";
import { Link } from "../../ui/AppLink";
import { BookAppointmentButton } from "../../ui/BookAppointmentButton";
import { ConfigImage } from "../../ui/ConfigImage";
import { telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { SampleNote } from "../../ui/SampleNote";
import { StateName } from "../../ui/StateName";
import type { BlockProps } from "../types";
import "./branch-details.css";

// The words it formats, with FormatJS's formatter if one of them needs it (block-words.ts).
await formatterFor(["branches"]);

/**
 * On a branch page: the branch's address, phone, hours, map link and specialities, with the
 * appointment, call and find-a-doctor actions.
 */
export function BranchDetails(_: BlockProps<"branch-details">) {
  const { site, specialities } = useLayoutConfig();
  const ui = useBlockWords();
  const lang = useLanguage();
  const current = useEntry();
  if (current?.kind !== "branches") throw new Error("branch-details only works on a branch page (each: branches).");
  const branch = current.entry;
  const offered = specialities.filter((s) => branch.specialities.includes(s.slug));
  return (
    <section className="branch-details container">
      <p className="eyebrow">
        <Icon name="map-pin" /> {branch.city}, <StateName state={branch.state} />
      </p>
      <h1 className="branch-details__title">{branch.name}</h1>
      {branch.sample ? <SampleNote text={ui.samples.branchNote} /> : null}
      <div className="branch-details__grid">
        <ConfigImage image={branch.image} priority="high" sizes="(max-width: 799px) 100vw, 572px" />
        <div className="branch-details__panel">
          <dl className="branch-details__facts">
            <dt>
              <Icon name="map-pin" />
              {` ${ui.branches.address}`}
            </dt>
            <dd>
              <address>
                {branch.address.map((line) => (
                  <span className="branch-details__line" key={line}>
                    {line}
                  </span>
                ))}
              </address>
              <a href={branch.mapUrl} target="_blank" rel="noopener noreferrer">
                {ui.branches.getDirections}
                <span className="visually-hidden">
                  {messageNodes(ui.branches.directionsHint, { branch: branch.name }, lang, " ")}
                </span>
              </a>
            </dd>
            <dt>
              <Icon name="phone" />
              {` ${ui.branches.phone}`}
            </dt>
            <dd>
              <a href={`tel:${branch.phoneTel}`}>{branch.phoneDisplay}</a>
              {branch.sample ? <span className="fact-pending">{` ${ui.branches.beingConfirmed}`}</span> : null}
            </dd>
            <dt>
              <Icon name="ambulance" />
              {` ${ui.branches.emergency}`}
            </dt>
            <dd>
              <a href={telHref(site)}>{site.contact.phoneDisplay}</a>
            </dd>
            <dt>
              <Icon name="clock" />
              {` ${ui.branches.hours}`}
            </dt>
            <dd>{branch.hours}</dd>
            {branch.externalUrl ? (
              <>
                <dt>
                  <Icon name="hospital" />
                  {` ${ui.branches.website}`}
                </dt>
                <dd>
                  <a href={branch.externalUrl} target="_blank" rel="noopener noreferrer">
                    {branch.externalUrl.replace(/^https:\/\//, "").replace(/\/$/, "")}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          <div className="action-row">
            <BookAppointmentButton />
            <Link className="button button--ghost" to={`/our-doctors?branch=${branch.slug}`}>
              <Icon name="doctor" />
              {messageNodes(ui.branches.doctorsAt, { branch: branch.name }, lang, " ")}
            </Link>
          </div>
        </div>
      </div>
      <h2>{formatMessage(ui.branches.specialitiesAt, { branch: branch.name }, lang)}</h2>
      <ul className="pill-list">
        {offered.map((s) => (
          <li key={s.slug}>
            <Link to={`/specialities/${s.slug}`}>{s.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
