/**
 * The medical review line: which doctor reviewed the content and when, and when the next review
 * is due, in the page's language (its dates written by Intl for the language). The doctor's name
 * links to them in the doctor search; a name left in English on a Telugu page says so (`lang`).
 * Treatment pages show it as a block of its own; speciality pages and articles inside theirs.
 */
import { Link } from "react-router-dom";
import { clinicalReviewSettings, type MedicalKind, nextReviewOf } from "../../../shared/clinical-review";
import type { MedicalReview } from "../../../shared/generated/defs";
import type { Doctor } from "../../../shared/generated/doctors";
import { site } from "../../config/site-config";
import { useLanguage, useLocalPath, useUi } from "../../i18n/context";
import { useListLang } from "../../i18n/lists";
import { messageNodes } from "../../i18n/message";
import { formatDate } from "../../ui/formatting";
import "./treatment-review.css";

const settings = clinicalReviewSettings(site);

/** Where a doctor's card is: the doctor search, filtered to their name. */
export const doctorProfilePath = (doctor: Pick<Doctor, "name">) =>
  `/our-doctors?${new URLSearchParams({ name: doctor.name })}`;

interface ReviewLineProps {
  review: MedicalReview | undefined;
  kind: MedicalKind;
  doctors: Doctor[];
  /** Its classes: by default a line of its own width; inside a block's container, "medical-review". */
  className?: string;
}

/** The line for `review` of content of `kind`; nothing when there is none or `kind` is not medical content. */
export function ReviewLine({ review, kind, doctors, className = "medical-review container" }: ReviewLineProps) {
  const lang = useLanguage();
  const ui = useUi();
  const localPath = useLocalPath();
  const { items, langOf } = useListLang("doctors.json", "doctors", doctors);
  if (!review || !settings.medicalKinds.includes(kind)) return null;
  const at = doctors.findIndex((d) => d.slug === review.reviewer);
  // The validator refuses a reviewer who is not one of the doctors: nothing to name, nothing shown.
  if (at < 0) return null;
  const english = doctors[at];
  const name = items[at]?.name ?? english.name;
  const next = nextReviewOf(review, settings.intervalMonths);
  return (
    <p className={className}>
      {messageNodes(
        ui.medicalReview.line,
        {
          reviewer: (
            <Link to={localPath(doctorProfilePath(english))} lang={langOf(name)}>
              {name}
            </Link>
          ),
          reviewed: <time dateTime={review.reviewed}>{formatDate(review.reviewed, lang)}</time>,
          nextReview: <time dateTime={next}>{formatDate(next, lang)}</time>,
        },
        lang,
      )}
    </p>
  );
}
