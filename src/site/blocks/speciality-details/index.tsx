import { useId, useState } from "react";
import {
  defaultListPageSize,
  type TreatmentIndex,
  type TreatmentListPage,
} from "../../../shared/collections/data-files";
import type { CollectionPresentation } from "../../../shared/generated/presentation";
import { loadIndex } from "../../collections/load";
import { words } from "../../collections/resolve";
import { useListPage, useTracked } from "../../collections/use-collection";
import { presentations } from "../../config/presentations";
import { useEntry } from "../../entries/entry-context";
import { entryRoute } from "../../entries/entry-routes";
import { formatterFor, useBlockWords } from "../../i18n/block-words";
import { useEnglishLang, useLanguage, useLayoutConfig } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { messageNodes } from "../../i18n/message";
import { Link } from "../../ui/AppLink";
import { BookAppointmentButton } from "../../ui/BookAppointmentButton";
import { telHref } from "../../ui/ConfigLink";
import { Icon } from "../../ui/Icon";
import { Pagination, useListingPage } from "../../ui/pagination";
import { ReviewLine } from "../treatment-review/ReviewLine";
import type { BlockProps } from "../types";
import "./speciality-details.css";

// The words it formats, with FormatJS's formatter if one of them needs it (block-words.ts).
await formatterFor(["specialityDetails"]);

/** The treatments of an index whose name or slug has a word starting with each typed word, by name. */
export function searchTreatments(index: TreatmentIndex, query: string): { slug: string; name: string }[] {
  const wanted = words(query);
  if (wanted.length === 0) return [];
  const found: { slug: string; name: string }[] = [];
  index.slugs.forEach((slug, i) => {
    const have = [...words(index.names[i]), ...words(slug)];
    if (wanted.every((w) => have.some((h) => h.startsWith(w)))) found.push({ slug, name: index.names[i] });
  });
  return found.sort((a, b) => a.name.localeCompare(b.name, "en") || (a.slug < b.slug ? -1 : 1));
}

/** A treatment in the list: its name, and `lang` where that name is English on a page in another language. */
interface ListedTreatment {
  slug: string;
  name: string;
  lang?: string;
}

function TreatmentItems({ items, route }: { items: ListedTreatment[]; route: string }) {
  return (
    <ul className="pill-list">
      {items.map((item) => (
        <li key={item.slug}>
          <Link to={route.replace(":slug", item.slug)} lang={item.lang}>
            {item.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A list page's treatments with their names in the page's language where the list has them. */
function useListed(list: TreatmentListPage): ListedTreatment[] {
  const english = useEnglishLang();
  const names = list.translatedNames?.[useLanguage()];
  return list.slugs.map((slug, i) => {
    const name = english ? names?.[i] : undefined;
    return name ? { slug, name } : { slug, name: list.names[i], lang: english };
  });
}

function ListedItems({ list, route }: { list: TreatmentListPage; route: string }) {
  return <TreatmentItems items={useListed(list)} route={route} />;
}

/** Matches for what was typed in the search, from the collection's index (loaded on the first search). */
function SearchResults({
  presentation,
  query,
  size,
}: {
  presentation: CollectionPresentation;
  query: string;
  size: number;
}) {
  const index = useTracked(loadIndex(presentation.dataFile));
  const text = useBlockWords().specialityDetails;
  const lang = useLanguage();
  // The index has only the English names (a search matches them); they are marked so.
  const english = useEnglishLang();
  if (!index || "loading" in index) return <p aria-busy="true">{text.searching}</p>;
  if ("failed" in index) return <p>{text.searchUnavailable}</p>;
  const found = searchTreatments(index.value, query).map((item) => ({ ...item, lang: english }));
  const message = found.length === 0 ? text.searchNone : found.length <= size ? text.searchCount : text.searchFirst;
  const count = formatMessage(message, { query: query.trim(), count: found.length, size }, lang);
  return (
    <>
      <p role="status">{count}</p>
      <TreatmentItems items={found.slice(0, size)} route={presentation.route} />
    </>
  );
}

/** One page of a speciality's treatments, links to the other pages, and a search over all of them. */
function TreatmentLinks({ collectionId, base, name }: { collectionId: string; base: string; name: string }) {
  const presentation = presentations[collectionId];
  const size = presentation.listPageSize ?? defaultListPageSize;
  const page = useListingPage();
  const list = useListPage(presentation.dataFile, page, size);
  const [query, setQuery] = useState("");
  const id = useId();
  const text = useBlockWords().specialityDetails;
  const lang = useLanguage();
  if (!list || "loading" in list) return <p aria-busy="true">{text.loadingTreatments}</p>;
  const shown = "value" in list ? list.value : undefined;
  if (!shown) {
    return (
      <p>
        {formatMessage(text.noListPage, { page }, lang)}{" "}
        <Link to={base}>{formatMessage(text.firstPage, { name }, lang)}</Link>.
      </p>
    );
  }
  return (
    <>
      {shown.total > shown.size ? (
        // biome-ignore lint/a11y/noRedundantRoles: as the doctor search: <search> is new, the role keeps the landmark.
        <search role="search" className="treatment-search">
          <label htmlFor={`${id}-search`}>{formatMessage(text.findTreatment, { name }, lang)}</label>{" "}
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={text.searchPlaceholder}
            autoComplete="off"
            enterKeyHint="search"
          />
        </search>
      ) : null}
      {query.trim() ? (
        <SearchResults presentation={presentation} query={query} size={size} />
      ) : (
        <>
          <ListedItems list={shown} route={presentation.route} />
          <Pagination
            page={shown.page}
            pages={shown.pages}
            base={base}
            label={formatMessage(text.pagesOf, { name }, lang)}
          />
        </>
      )}
    </>
  );
}

/**
 * On a speciality page: its summary, links to its treatment pages where it has any, the branches
 * that offer it, and the appointment and find-a-doctor actions.
 */
export function SpecialityDetails(_: BlockProps<"speciality-details">) {
  const { branches, site } = useLayoutConfig();
  const ui = useBlockWords();
  const lang = useLanguage();
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
      <ReviewLine review={speciality.review} kind="specialities" className="medical-review" />
      <div className="action-row">
        <BookAppointmentButton />
        <Link className="button button--ghost" to={`/our-doctors?speciality=${speciality.slug}`}>
          <Icon name="doctor" />
          {messageNodes(ui.specialityDetails.findDoctor, { name: speciality.name }, lang, " ")}
        </Link>
      </div>
      {speciality.treatments ? (
        <>
          <h2>{ui.specialityDetails.treatmentsHeading}</h2>
          <p>{ui.specialityDetails.treatmentsIntro}</p>
          <TreatmentLinks
            collectionId={speciality.treatments}
            base={entryRoute("specialities", speciality.slug)}
            name={speciality.name}
          />
        </>
      ) : null}
      <h2>{ui.specialityDetails.whereToFindUs}</h2>
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
          {messageNodes(
            ui.specialityDetails.callUs,
            { phone: <a href={telHref(site)}>{site.contact.phoneDisplay}</a>, name: speciality.name },
            lang,
          )}
        </p>
      )}
    </section>
  );
}
