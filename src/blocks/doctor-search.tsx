import { lazy, Suspense } from "react";
import { loadDoctors } from "../config/site-config";
import type { DoctorSearch as DoctorSearchBlock } from "../generated/blocks/doctor-search";
import type { DoctorSearchPanelProps } from "./DoctorSearchPanel";
import "../styles/site-blocks.css";

export type DoctorSearchProps = { block: DoctorSearchBlock };

/**
 * The search's code and the doctors' data are chunks of their own, fetched together the first
 * time the block renders, so no other page pays for them.
 */
const DoctorSearchPanel = lazy(async () => {
  const [module, doctors] = await Promise.all([import("./DoctorSearchPanel"), loadDoctors()]);
  const Panel = module.DoctorSearchPanel;
  return { default: (props: Omit<DoctorSearchPanelProps, "doctors">) => <Panel {...props} doctors={doctors} /> };
});

/** Doctor search by name, speciality and branch (see DoctorSearchPanel). */
export function DoctorSearch({ block }: DoctorSearchProps) {
  return (
    <section className="doctor-search container">
      {block.title ? <h2>{block.title}</h2> : null}
      <Suspense
        fallback={
          <p className="doctor-search__loading" aria-busy="true">
            Loading doctors…
          </p>
        }
      >
        <DoctorSearchPanel block={block} />
      </Suspense>
    </section>
  );
}
