import { lazy, Suspense } from "react";
import type { DoctorSearch as DoctorSearchBlock } from "../../../shared/generated/blocks/doctor-search";
import type { Doctor } from "../../../shared/generated/doctors";
import { loadDoctors } from "../../config/site-config";
import type { DoctorSearchPanelProps } from "./DoctorSearchPanel";
import "./doctor-search.css";

export type DoctorSearchProps = { block: DoctorSearchBlock };

type PanelProps = Omit<DoctorSearchPanelProps, "doctors">;

let loaded: { Panel: (props: DoctorSearchPanelProps) => React.ReactNode; doctors: Doctor[] } | undefined;

/**
 * Loads the search's code and the doctors' data (chunks of their own, so no other page pays for
 * them). The prerenderer and the /our-doctors route call it before rendering, so the page is
 * rendered complete on the server and hydrates without waiting; elsewhere the block loads lazily.
 */
export async function preloadDoctorSearch() {
  if (loaded) return;
  const [module, doctors] = await Promise.all([import("./DoctorSearchPanel"), loadDoctors()]);
  loaded = { Panel: module.DoctorSearchPanel, doctors };
}

const LazyPanel = lazy(async () => {
  await preloadDoctorSearch();
  return { default: (props: PanelProps) => <Panel {...props} /> };
});

function Panel(props: PanelProps) {
  if (!loaded) return <LazyPanel {...props} />;
  const { Panel: Loaded, doctors } = loaded;
  return <Loaded {...props} doctors={doctors} />;
}

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
        <Panel block={block} />
      </Suspense>
    </section>
  );
}
