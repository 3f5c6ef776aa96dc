import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { loadCollection, loadedCollection } from "../collections/load";
import { presentations } from "../config/site-config";
import type { SpecialityDetails as SpecialityDetailsBlock } from "../generated/blocks/speciality-details";
import type { TreatmentCollection } from "../generated/collection";
import { useEntry } from "../routes/entry-context";
import { Icon } from "../ui/Icon";

export type SpecialityDetailsProps = { block: SpecialityDetailsBlock };

function TreatmentLinks({ collectionId }: { collectionId: string }) {
  const presentation = presentations[collectionId];
  const [data, setData] = useState<TreatmentCollection | undefined>(() => loadedCollection(presentation.dataFile));
  useEffect(() => {
    let live = true;
    loadCollection(presentation.dataFile).then((loaded) => live && setData(loaded));
    return () => {
      live = false;
    };
  }, [presentation.dataFile]);
  if (!data) return <p aria-busy="true">Loading treatments…</p>;
  return (
    <ul className="treatment-links">
      {data.sub_departments.map((item) => (
        <li key={item.slug}>
          <Link to={presentation.route.replace(":slug", item.slug)}>{item.name}</Link>
        </li>
      ))}
    </ul>
  );
}

/** On a speciality page: its summary and links to its treatment pages, where it has any. */
export function SpecialityDetails(_: SpecialityDetailsProps) {
  const current = useEntry();
  if (current?.kind !== "specialities") {
    throw new Error("speciality-details only works on a speciality page (each: specialities).");
  }
  const speciality = current.entry;
  return (
    <section className="speciality-details container">
      <h1>
        <Icon name={speciality.icon} /> {speciality.name}
      </h1>
      <p className="page-heading__intro">{speciality.summary}</p>
      {speciality.treatments ? (
        <>
          <h2>Treatments</h2>
          <TreatmentLinks collectionId={speciality.treatments} />
        </>
      ) : null}
    </section>
  );
}
