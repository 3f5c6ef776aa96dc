import { useListLang } from "../../i18n/lists";
import type { BlockProps } from "../types";
import { loadDoctors } from "./doctors";
import "./doctor-search.css";

// The search's code and the doctors' data are chunks of their own, so no other page pays for
// them, and this module waits for both: whoever loads the block (a page's route before it renders
// or hydrates, the prerenderer) gets it complete, with nothing left to suspend on. The build lists
// both chunks with the block's page, since they are this module's own dynamic imports.
const [{ DoctorSearchPanel }, doctors] = await Promise.all([import("./DoctorSearchPanel"), loadDoctors()]);

/** Doctor search by name, speciality and branch (see DoctorSearchPanel). */
export function DoctorSearch({ block }: BlockProps<"doctor-search">) {
  const { items } = useListLang("doctors.json", "doctors", doctors);
  return (
    <section className="doctor-search container">
      {block.title ? <h2>{block.title}</h2> : null}
      <DoctorSearchPanel block={block} doctors={items} />
    </section>
  );
}
