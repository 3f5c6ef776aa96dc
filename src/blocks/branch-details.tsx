import { Link } from "react-router-dom";
import { specialities } from "../config/site-config";
import type { BranchDetails as BranchDetailsBlock } from "../generated/blocks/branch-details";
import { useEntry } from "../routes/entry-context";
import { Icon } from "../ui/Icon";
import { useSiteActions } from "../ui/site-actions";

export type BranchDetailsProps = { block: BranchDetailsBlock };

/** On a branch page: the branch's address, phone, hours, map link and specialities. */
export function BranchDetails(_: BranchDetailsProps) {
  const current = useEntry();
  const actions = useSiteActions();
  if (current?.kind !== "branches") throw new Error("branch-details only works on a branch page (each: branches).");
  const branch = current.entry;
  const offered = specialities.filter((s) => branch.specialities.includes(s.slug));
  return (
    <section className="branch-details container">
      <h1>{branch.name}</h1>
      {branch.sample ? (
        <p className="sample-note">
          Address, phone and hours on this page are being confirmed. Please call before visiting.
        </p>
      ) : null}
      <div className="branch-details__grid">
        <img src={branch.image.src} alt={branch.image.alt} width={branch.image.width} height={branch.image.height} />
        <dl className="branch-details__facts">
          <dt>
            <Icon name="map-pin" /> Address
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
              Open in maps
            </a>
          </dd>
          <dt>
            <Icon name="phone" /> Phone
          </dt>
          <dd>
            <a href={`tel:${branch.phoneTel}`}>{branch.phoneDisplay}</a>
          </dd>
          <dt>
            <Icon name="clock" /> Hours
          </dt>
          <dd>{branch.hours}</dd>
          {branch.externalUrl ? (
            <>
              <dt>
                <Icon name="hospital" /> Website
              </dt>
              <dd>
                <a href={branch.externalUrl} target="_blank" rel="noopener noreferrer">
                  {branch.externalUrl}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      <h2>Specialities at {branch.name}</h2>
      <ul className="pill-list">
        {offered.map((s) => (
          <li key={s.slug}>
            <Link to={`/specialities/${s.slug}`}>{s.name}</Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--accent"
        onClick={(e) => actions.openBookingModal(e.currentTarget)}
      >
        <Icon name="calendar" /> Book an Appointment
      </button>
    </section>
  );
}
