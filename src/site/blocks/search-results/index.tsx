import { formatterFor } from "../../i18n/block-words";
import type { BlockProps } from "../types";
import "./search-results.css";

// The panel (and the search with it) is a chunk of its own; the count's plural may need FormatJS's
// formatter, loaded beside it so whoever loads the block gets it ready to render.
const [{ SearchPanel }] = await Promise.all([
  import("./SearchPanel"),
  formatterFor(["search"], () => import("../../i18n/icu")),
]);

/** The site search's box and results (see SearchPanel). */
export function SearchResults({ block }: BlockProps<"search-results">) {
  return (
    <section className="search-results container">
      <SearchPanel block={block} />
    </section>
  );
}
