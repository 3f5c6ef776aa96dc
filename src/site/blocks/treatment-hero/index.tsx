import { treatmentImageFrame } from "../../../shared/image-variants";
import { useTreatment } from "../../collections/treatment-context";
import { LeadForm } from "../../forms/LeadForm";
import { useLanguage } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { ConfigImage } from "../../ui/ConfigImage";
import type { BlockProps } from "../types";
import "./treatment-hero.css";

/**
 * The treatment image (or the collection's default image) beside the Book an Appointment form
 * titled with the treatment's name. The lead's department is the treatment's name, or the
 * collection's default department when the treatment has none.
 */
export function TreatmentHero(_: BlockProps<"treatment-hero">) {
  const { subDepartment, presentation, speciality } = useTreatment();
  const name = subDepartment.name;
  const lang = useLanguage();
  return (
    <section className="treatment-hero container">
      <figure className="treatment-hero__figure">
        <ConfigImage
          image={{
            src: subDepartment.image ?? presentation.defaultImage,
            alt: `${name}${presentation.imageAltSuffix}`,
            ...treatmentImageFrame,
          }}
          priority="high"
          sizes="(max-width: 899px) 100vw, 612px"
        />
      </figure>
      <div className="treatment-hero__form">
        <LeadForm
          formId={presentation.appointment.form}
          title={formatMessage(presentation.appointment.titleTemplate, { name }, lang)}
          context={{ treatment: name, department: name || presentation.defaultDepartment, speciality }}
          submitCheckMessage={presentation.appointment.mobileSubmitMessage}
          idPrefix="treatment-appointment"
        />
      </div>
    </section>
  );
}
