/**
 * The site search's box in the header and the mobile menu: an ordinary GET form to the results
 * page in the page's language (/search, /te/search), so it works before the app has loaded and
 * costs no script; the results page searches (src/site/blocks/search-results/). Nothing is fetched
 * until the visitor searches.
 */
import { useId } from "react";
import { useLayoutConfig, useLocalPath } from "../../i18n/context";
import { Icon } from "../../ui/Icon";
import "./site-search-form.css";

export function SiteSearchForm({ className }: { className: string }) {
  const { ui } = useLayoutConfig();
  const localPath = useLocalPath();
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with the search role rather than <search> around it, which jsdom (the component tests) does not know yet; the landmark is the same.
    <form
      role="search"
      aria-label={ui.layout.search}
      action={localPath("/search")}
      method="get"
      className={`site-search ${className}`}
    >
      <label htmlFor={id} className="visually-hidden">
        {ui.layout.search}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder={ui.layout.searchPlaceholder}
        autoComplete="off"
        enterKeyHint="search"
        required
      />
      <button type="submit" className="site-search__button">
        <Icon name="search" />
        <span className="visually-hidden">{ui.layout.search}</span>
      </button>
    </form>
  );
}
