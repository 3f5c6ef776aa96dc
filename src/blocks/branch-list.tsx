import { Link } from "react-router-dom";
import { branches } from "../config/site-config";
import type { BranchList as BranchListBlock } from "../generated/blocks/branch-list";
import { useEntry } from "../routes/entry-context";
import { Icon } from "../ui/Icon";
import { TextWithBreaks } from "../ui/text";
import "../styles/site-blocks.css";

export type BranchListProps = { block: BranchListBlock };

/** The branches as cards linking to /locations/{slug}; on a branch page, the other branches. */
export function BranchList({ block }: BranchListProps) {
  const entry = useEntry();
  const current = entry?.kind === "branches" ? entry.entry.slug : undefined;
  const shown = branches.filter((branch) => branch.slug !== current);
  const showImages = block.showImages ?? true;
  return (
    <section className={showImages ? "branch-list container" : "branch-list branch-list--compact container"}>
      {block.title ? <h2>{block.title}</h2> : null}
      {block.intro ? (
        <p className="section-intro">
          <TextWithBreaks text={block.intro} />
        </p>
      ) : null}
      <ul className="branch-list__cards">
        {shown.map((branch) => (
          <li className="branch-tile" key={branch.slug}>
            {showImages ? (
              <img
                className="branch-tile__image"
                src={branch.image.src}
                alt=""
                width={branch.image.width}
                height={branch.image.height}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <div className="branch-tile__body">
              <h3 className="branch-tile__name">
                <Link to={`/locations/${branch.slug}`} className="branch-tile__link">
                  {branch.name}
                </Link>
              </h3>
              <p className="branch-tile__place">
                <Icon name="map-pin" /> {branch.city}, {branch.state}
              </p>
              <p className="branch-tile__count">{branch.specialities.length} specialities</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
