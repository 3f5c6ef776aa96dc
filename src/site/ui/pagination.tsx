/**
 * Lists that grow with the site (a speciality's treatments, blog posts, doctors) show a bounded
 * number of entries per page. Page 1 is the page's own address, page n is `{address}/page/n`; each
 * is prerendered, so no page grows with the list. The route gives the page number to the blocks
 * through ListingPageContext.
 */
import { createContext, useContext } from "react";
import { useUi } from "../i18n/context";
import { formatMessage } from "../i18n/format";
import { Link } from "./AppLink";

/** The list page a page is showing (1 on its own address). */
export const ListingPageContext = createContext(1);

/** The list page the current page shows. */
export const useListingPage = () => useContext(ListingPageContext);

/** Block types that show one page of a list at a time (a blog list with a 'limit' shows the newest only). */
export const pagedBlockTypes = new Set(["speciality-details", "blog-list", "doctor-search"]);

/**
 * The title of page `page` of a list: the page's own title, and which page, as `message` (the
 * interface words' `layout.listPage`, '{title} (page {page})') has it in `lang`.
 */
export const listPageTitle = (title: string, page: number, message: string, lang: string) =>
  page > 1 ? formatMessage(message, { title, page }, lang) : title;

/** The address of page `page` of the list on the page at `base`. */
export const listPageHref = (base: string, page: number) => (page <= 1 ? base : `${base}/page/${page}`);

/** The page number an address part names: an integer from 2 up ('1' is the page's own address). */
export function pageParam(text: string | undefined): number | undefined {
  if (text === undefined) return 1;
  return /^[1-9]\d*$/.test(text) && Number(text) >= 2 ? Number(text) : undefined;
}

/** The page numbers to offer: the first, the last, and two on each side of the current one. */
export function pageNumbers(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  return sorted.flatMap((n, i) => (i > 0 && n - sorted[i - 1] > 1 ? ["gap" as const, n] : [n]));
}

interface PaginationProps {
  page: number;
  pages: number;
  /** The address of the list's first page. */
  base: string;
  /** What the pages are of, for screen readers: "Pages of the cardiology treatments". */
  label: string;
}

/** Links to the other pages of a list (nothing when it has one page). */
export function Pagination({ page, pages, base, label }: PaginationProps) {
  const ui = useUi();
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pill-list">
        {page > 1 ? (
          <li>
            <Link to={listPageHref(base, page - 1)} rel="prev">
              {ui.layout.previous}
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pages).map((n, i) =>
          n === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity but their place.
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={listPageHref(base, n)} aria-current={n === page ? "page" : undefined}>
                {n === page ? <strong>{n}</strong> : n}
              </Link>
            </li>
          ),
        )}
        {page < pages ? (
          <li>
            <Link to={listPageHref(base, page + 1)} rel="next">
              {ui.layout.next}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
