/**
 * The doctor search itself (a chunk of its own, see index.tsx): filters by name,
 * speciality and branch that apply as the visitor types, a result count announced to screen
 * readers, an empty state, and the filters kept in the address (?name=&speciality=&branch=) so a
 * search can be bookmarked, shared and walked back with the browser's buttons.
 */
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { DoctorSearchBlock } from "../../../shared/generated/blocks/doctor-search";
import type { Doctor } from "../../../shared/generated/doctors";
import { branches, specialities } from "../../config/site-config";
import { useBlockWords } from "../../i18n/block-words";
import { useLanguage, useLayoutConfig } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { useSearchParams } from "../../router/router";
import { Link } from "../../ui/AppLink";
import { BookAppointmentButton } from "../../ui/BookAppointmentButton";
import { telHref } from "../../ui/ConfigLink";
import { initials } from "../../ui/formatting";
import { Icon } from "../../ui/Icon";
import { SampleBadge, SampleNote } from "../../ui/SampleNote";
import { TextWithBreaks } from "../../ui/text";
import { useHydrated } from "../../ui/use-hydrated";

export interface DoctorSearchPanelProps {
  block: DoctorSearchBlock;
  doctors: Doctor[];
}

/** The search's filters; empty strings mean "any". */
export interface DoctorFilters {
  name: string;
  speciality: string;
  branch: string;
}

const emptyFilters: DoctorFilters = { name: "", speciality: "", branch: "" };

/** Reads the filters from the address; a speciality or branch the site does not have is ignored. */
export function readFilters(params: URLSearchParams): DoctorFilters {
  const speciality = params.get("speciality") ?? "";
  const branch = params.get("branch") ?? "";
  return {
    name: params.get("name") ?? "",
    speciality: specialities.some((s) => s.slug === speciality) ? speciality : "",
    branch: branches.some((b) => b.slug === branch) ? branch : "",
  };
}

/** The filters as query parameters, leaving out the empty ones. */
export function filtersToParams(filters: DoctorFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.name.trim()) params.set("name", filters.name);
  if (filters.speciality) params.set("speciality", filters.speciality);
  if (filters.branch) params.set("branch", filters.branch);
  return params;
}

/** Lower-case words without punctuation or titles: "Dr. Anjali" -> ["anjali"]. */
function nameWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, " ")
    .split(/\s+/)
    .filter((word) => word && word !== "dr");
}

/** The doctors that match every filter; every word typed must start a word of the name. */
export function matchDoctors(doctors: Doctor[], filters: DoctorFilters): Doctor[] {
  const wanted = nameWords(filters.name);
  return doctors.filter((doctor) => {
    if (filters.speciality && doctor.speciality !== filters.speciality) return false;
    if (filters.branch && !doctor.branches.includes(filters.branch)) return false;
    const words = nameWords(doctor.name);
    return wanted.every((w) => words.some((word) => word.startsWith(w)));
  });
}

/**
 * The filters, held in state so typing is never slowed by navigation, and written to the address
 * (replacing the entry, so the back button leaves the page rather than undoing keystrokes). A
 * change of address from outside (back/forward, a shared link) is shown.
 */
function useFilters(): [DoctorFilters, (patch: Partial<DoctorFilters>) => void] {
  const [params, setParams] = useSearchParams();
  // The page is prerendered without a query: the address's filters apply once hydrated.
  const hydrated = useHydrated();
  const fromAddress = useMemo(() => (hydrated ? readFilters(params) : emptyFilters), [params, hydrated]);
  const [filters, setFilters] = useState(fromAddress);
  const written = useRef(filtersToParams(fromAddress).toString());
  useEffect(() => {
    const query = filtersToParams(fromAddress).toString();
    if (query !== written.current) {
      written.current = query;
      setFilters(fromAddress);
    }
  }, [fromAddress]);
  const change = (patch: Partial<DoctorFilters>) => {
    const next = { ...filters, ...patch };
    setFilters(next);
    const nextParams = filtersToParams(next);
    written.current = nextParams.toString();
    setParams(nextParams, { replace: true, preventScrollReset: true });
  };
  return [filters, change];
}

function DoctorCard({ doctor }: { doctor: Doctor }) {
  const config = useLayoutConfig();
  const ui = useBlockWords();
  const words = ui.doctorSearch;
  const lang = useLanguage();
  const atBranches = config.branches.filter((b) => doctor.branches.includes(b.slug));
  const specialityName = (slug: string) => config.specialities.find((s) => s.slug === slug)?.name ?? slug;
  return (
    <li className="doctor-card surface">
      <div className="doctor-card__header">
        <span className="avatar doctor-card__avatar" aria-hidden="true">
          {initials(doctor.name)}
        </span>
        <div className="doctor-card__heading">
          <h3 className="doctor-card__name">{doctor.name}</h3>
          <p className="doctor-card__designation">{doctor.designation}</p>
          {doctor.sample ? <SampleBadge label={ui.samples.profile} /> : null}
        </div>
      </div>
      <dl className="doctor-card__facts">
        <div>
          <dt>{words.specialityLabel}</dt>
          <dd>
            <Link to={`/specialities/${doctor.speciality}`}>{specialityName(doctor.speciality)}</Link>
          </dd>
        </div>
        <div>
          <dt>{words.qualifications}</dt>
          <dd>{doctor.qualifications}</dd>
        </div>
        <div>
          <dt>{words.experience}</dt>
          <dd>{formatMessage(words.years, { years: doctor.experienceYears }, lang)}</dd>
        </div>
        <div>
          <dt>{words.consultsAt}</dt>
          <dd>
            {atBranches.map((branch, index) => (
              <span key={branch.slug}>
                {index > 0 ? ", " : null}
                <Link to={`/locations/${branch.slug}`}>{branch.name}</Link>
              </span>
            ))}
          </dd>
        </div>
        <div>
          <dt>{words.languages}</dt>
          <dd>{doctor.languages.join(", ")}</dd>
        </div>
        {doctor.consultationHours ? (
          <div>
            <dt>{words.hours}</dt>
            <dd>{doctor.consultationHours}</dd>
          </div>
        ) : null}
      </dl>
      <BookAppointmentButton
        className="doctor-card__book"
        label={formatMessage(words.book, { name: doctor.name }, lang)}
      />
    </li>
  );
}

/** How many doctors are shown: all of them, or how many of all match. */
function countText(words: { count: string; countOf: string }, count: number, total: number, lang: string): string {
  return formatMessage(count === total ? words.count : words.countOf, { count, total }, lang);
}

export function DoctorSearchPanel({ block, doctors }: DoctorSearchPanelProps) {
  const [filters, change] = useFilters();
  const id = useId();
  const results = useMemo(() => matchDoctors(doctors, filters), [doctors, filters]);
  const filtered = filters.name.trim() !== "" || filters.speciality !== "" || filters.branch !== "";
  const clear = () => change(emptyFilters);
  const { site, specialities: specialityNames, branches: branchNames } = useLayoutConfig();
  const words = useBlockWords().doctorSearch;
  const lang = useLanguage();
  return (
    <div className="doctor-search__panel">
      {/* biome-ignore lint/a11y/noRedundantRoles: <search> is new (2023); the explicit role keeps the landmark for the browsers and screen readers that do not map it yet. */}
      <search role="search" aria-label={words.search}>
        <form className="doctor-search__filters" onSubmit={(event) => event.preventDefault()}>
          <div className="field">
            <label htmlFor={`${id}-name`}>{words.name}</label>
            <input
              id={`${id}-name`}
              type="search"
              value={filters.name}
              onChange={(event) => change({ name: event.target.value })}
              placeholder={words.namePlaceholder}
              autoComplete="off"
              enterKeyHint="search"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-speciality`}>{words.specialityLabel}</label>
            <select
              id={`${id}-speciality`}
              value={filters.speciality}
              onChange={(event) => change({ speciality: event.target.value })}
            >
              <option value="">{words.allSpecialities}</option>
              {specialityNames.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-branch`}>{words.branch}</label>
            <select
              id={`${id}-branch`}
              value={filters.branch}
              onChange={(event) => change({ branch: event.target.value })}
            >
              <option value="">{words.allBranches}</option>
              {branchNames.map((b) => (
                <option key={b.slug} value={b.slug}>
                  {b.name}
                </option>
              ))}
            </select>
          </div>
          {filtered ? (
            <button type="button" className="button button--ghost doctor-search__clear" onClick={clear}>
              {words.clear}
            </button>
          ) : null}
        </form>
      </search>
      <p className="doctor-search__count" role="status" aria-live="polite" aria-atomic="true">
        {countText(words, results.length, doctors.length, lang)}
      </p>
      {block.sampleNote && results.some((d) => d.sample) ? <SampleNote text={block.sampleNote} /> : null}
      {results.length > 0 ? (
        <ul className="doctor-list card-list">
          {results.map((doctor) => (
            <DoctorCard key={doctor.slug} doctor={doctor} />
          ))}
        </ul>
      ) : (
        <div className="doctor-search__empty">
          <p>
            <TextWithBreaks text={block.emptyMessage} />
          </p>
          <div className="doctor-search__empty-actions">
            <button type="button" className="button" onClick={clear}>
              {words.clear}
            </button>
            <a className="button button--ghost" href={telHref(site)}>
              <Icon name="phone" /> {formatMessage(words.call, { phone: site.contact.phoneDisplay }, lang)}
            </a>
          </div>
        </div>
      )}
    </div>
  );
}
