import { useEntry } from "../../entries/entry-context";
import { formatterFor, useBlockWords } from "../../i18n/block-words";
import { useLanguage, useLayoutConfig } from "../../i18n/context";
import { formatMessage } from "../../i18n/format";
import { Link } from "../../ui/AppLink";
import { ConfigImage } from "../../ui/ConfigImage";
import { Icon } from "../../ui/Icon";
import { SectionHeading } from "../../ui/SectionHeading";
import { StateName } from "../../ui/StateName";
import type { BlockProps } from "../types";
import "./branch-list.css";

// The words it formats, with FormatJS's formatter if one of them needs it (block-words.ts).
await formatterFor(["branches"]);

/** The branches as cards linking to /locations/{slug}; on a branch page, the other branches. */
export function BranchList({ block }: BlockProps<"branch-list">) {
  const { branches } = useLayoutConfig();
  const ui = useBlockWords();
  const lang = useLanguage();
  const entry = useEntry();
  const current = entry?.kind === "branches" ? entry.entry.slug : undefined;
  const shown = branches.filter((branch) => branch.slug !== current);
  const showImages = block.showImages ?? true;
  return (
    <section className={showImages ? "branch-list container" : "branch-list branch-list--compact container"}>
      <SectionHeading title={block.title} intro={block.intro} />
      <ul className="branch-list__cards card-list">
        {shown.map((branch) => (
          <li className="branch-tile surface hover-card" key={branch.slug}>
            {showImages ? (
              <ConfigImage
                className="branch-tile__image"
                image={branch.image}
                alt=""
                lazy
                sizes="(max-width: 599px) 112px, (max-width: 899px) 50vw, 400px"
              />
            ) : null}
            <div className="branch-tile__body">
              <h3 className="branch-tile__name">
                <Link to={`/locations/${branch.slug}`} className="branch-tile__link stretched-link">
                  {branch.name}
                </Link>
              </h3>
              <p className="branch-tile__place">
                <Icon name="map-pin" /> {branch.city}, <StateName state={branch.state} />
              </p>
              <p className="branch-tile__count">
                {formatMessage(ui.branches.specialityCount, { count: branch.specialities.length }, lang)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
