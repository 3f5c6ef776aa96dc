import { useCollection } from "../../collections/use-collection";
import { presentations } from "../../config/presentations";
import { branches, site } from "../../config/site-config";
import { useEntry } from "../../entries/entry-context";
import { Link } from "../../ui/AppLink";
import { BookAppointmentButton } from "../../ui/BookAppointmentButton";
import { telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import type { BlockProps } from "../types";
import "./speciality-details.css";

function TreatmentLinks({ collectionId }: { collectionId: string }) {
  const presentation = presentations[collectionId];
  const data = useCollection(presentation.dataFile);
  if (!data) return <p aria-busy="true">Loading treatments…</p>;
  return (
    <ul className="pill-list">
      {data.sub_departments.map((item) => (
        <li key={item.slug}>
          <Link to={presentation.route.replace(":slug", item.slug)}>{item.name}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * On a speciality page: its summary, links to its treatment pages where it has any, the branches
 * that offer it, and the appointment and find-a-doctor actions.
 */
export function SpecialityDetails(_: BlockProps<"speciality-details">) {
  const current = useEntry();
  if (current?.kind !== "specialities") {
    throw new Error("speciality-details only works on a speciality page (each: specialities).");
  }
  const speciality = current.entry;
  const offeredAt = branches.filter((b) => b.specialities.includes(speciality.slug));
  return (
    <section className="speciality-details container">
      <div className="speciality-details__intro">
        <span className="icon-badge speciality-details__icon">
          <Icon name={speciality.icon} />
        </span>
        <div>
          <h1>{speciality.name}</h1>
          <p className="page-intro">{speciality.summary}</p>
        </div>
      </div>
      <div className="action-row">
        <BookAppointmentButton />
        <Link className="button button--ghost" to={`/our-doctors?speciality=${speciality.slug}`}>
          <Icon name="doctor" /> Find a {speciality.name} doctor
        </Link>
      </div>
      {speciality.treatments ? (
        <>
          <h2>Treatments</h2>
          <p>Read about the treatments we offer, how they are done and what recovery involves.</p>
          <TreatmentLinks collectionId={speciality.treatments} />
        </>
      ) : null}
      <h2>Where to find us</h2>
      {offeredAt.length > 0 ? (
        <ul className="pill-list">
          {offeredAt.map((branch) => (
            <li key={branch.slug}>
              <Link to={`/locations/${branch.slug}`}>
                <Icon name="map-pin" /> {branch.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>
          Call us on <a href={telHref()}>{site.contact.phoneDisplay}</a> to find out where and when our{" "}
          {speciality.name} specialists are available.
        </p>
      )}
    </section>
  );
}
