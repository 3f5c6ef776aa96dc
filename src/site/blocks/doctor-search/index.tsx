import { formatterFor } from "../../i18n/block-words";
import { useListLang } from "../../i18n/lists";
import type { BlockProps } from "../types";
import { loadDoctors } from "./doctors";
import "./doctor-search.css";

// The search's code and the doctors' data are chunks of their own, so no other page pays for
// them, and this module waits for both, and for FormatJS's formatter its counts need: whoever
// loads the block (a page's route before it renders or hydrates, the prerenderer) gets it
// complete, with nothing left to suspend on. The build lists those chunks with the block's page,
// since they are this module's own dynamic imports.
const [{ DoctorSearchPanel }, doctors] = await Promise.all([
  import("./DoctorSearchPanel"),
  loadDoctors(),
  formatterFor(["doctorSearch"], () => import("../../i18n/icu")),
]);

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
