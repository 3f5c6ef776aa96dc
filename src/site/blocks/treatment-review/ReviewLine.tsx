/**
 * The medical review line: which doctor reviewed the content and when, and when the next review
 * is due, in the page's language (its dates written by Intl for the language). The doctor's name
 * links to them in the doctor search; a name left in English on a Telugu page says so (`lang`).
 * Treatment pages show it as a block of its own; speciality pages and articles inside theirs.
 *
 * A prerendered page carries its reviewer's name (collections/hydration.ts), so its first load
 * fetches no list of doctors for one name; a page reached by a link, or shown in the editor's
 * preview, finds the name in the doctors list (and its translation), loaded then.
 */
import { use } from "react";
import { clinicalReviewSettings, type MedicalKind, nextReviewOf } from "../../../shared/clinical-review";
import type { MedicalReview } from "../../../shared/generated/defs";
import type { Doctor } from "../../../shared/generated/doctors";
import { type CarriedReviewer, hydrationFor } from "../../collections/hydration";
import { site } from "../../config/site-config";
import { useFallbackLang, useLanguage, useUi } from "../../i18n/context";
import { defaultLanguage } from "../../i18n/languages";
import { useListIn } from "../../i18n/lists";
import { messageNodes } from "../../i18n/message";
import { useLocation } from "../../router/router";
import { Link } from "../../ui/AppLink";
import { formatDate } from "../../ui/formatting";
import { loadDoctors } from "../doctor-search/doctors";
import "./treatment-review.css";

const settings = clinicalReviewSettings(site);

/** Each doctor's profile path so far, by name: every treatment page names its reviewer's. */
const profilePaths = new Map<string, string>();

/** Where a doctor's card is: the doctor search, filtered to their name. */
export function doctorProfilePath(doctor: Pick<Doctor, "name">): string {
  let path = profilePaths.get(doctor.name);
  if (path === undefined) {
    path = `/our-doctors?${new URLSearchParams({ name: doctor.name })}`;
    profilePaths.set(doctor.name, path);
  }
  return path;
}

interface ReviewLineProps {
  review: MedicalReview | undefined;
  kind: MedicalKind;
  /** Its classes: by default a line of its own width; inside a block's container, "medical-review". */
  className?: string;
}

/** The line for `review` of content of `kind`; nothing when there is none or `kind` is not medical content. */
export function ReviewLine({ review, kind, className = "medical-review container" }: ReviewLineProps) {
  const { pathname } = useLocation();
  if (!review || !settings.medicalKinds.includes(kind)) return null;
  const carried = hydrationFor(pathname)?.reviewer;
  return carried?.slug === review.reviewer ? (
    <Line review={review} reviewer={carried} className={className} />
  ) : (
    <ListedReviewLine review={review} className={className} />
  );
}

/** The line with its reviewer found in the doctors list, in the page's language. */
function ListedReviewLine({ review, className }: { review: MedicalReview; className: string }) {
  const doctors = use(loadDoctors());
  const { items, english } = useListIn("doctors.json", "doctors", doctors);
  const at = doctors.findIndex((d) => d.slug === review.reviewer);
  // The validator refuses a reviewer who is not one of the doctors: nothing to name, nothing shown.
  if (at < 0) return null;
  const name = items[at]?.name ?? doctors[at].name;
  const translated = english.includes(name) ? undefined : name;
  return (
    <Line
      review={review}
      reviewer={{ slug: review.reviewer, name: doctors[at].name, translated }}
      className={className}
    />
  );
}

function Line({
  review,
  reviewer,
  className,
}: {
  review: MedicalReview;
  reviewer: CarriedReviewer;
  className: string;
}) {
  const lang = useLanguage();
  const ui = useUi();
  const pageLangOf = useFallbackLang();
  const name = reviewer.translated ?? reviewer.name;
  // A name left in English on a page in another language says so.
  const nameLang = lang !== defaultLanguage && reviewer.translated === undefined ? defaultLanguage : pageLangOf(name);
  const next = nextReviewOf(review, settings.intervalMonths);
  return (
    <p className={className}>
      {messageNodes(
        ui.medicalReview.line,
        {
          reviewer: (
            <Link to={doctorProfilePath(reviewer)} lang={nameLang}>
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
