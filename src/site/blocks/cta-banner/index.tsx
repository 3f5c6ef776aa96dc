import type { CallToActionBanner } from "../../../shared/generated/blocks/cta-banner";
import { ConfigLink } from "../../ui/ConfigLink";
import "./cta-banner.css";

export type CtaBannerProps = { block: CallToActionBanner };

/** A strip with a message and one button, such as the Get a Second Opinion strip. */
export function CtaBanner({ block }: CtaBannerProps) {
  return (
    <aside className={`cta-banner cta-banner--${block.tone ?? "accent"}`} aria-label={block.button.label}>
      <div className="container cta-banner__inner">
        <p className="cta-banner__text">{block.text}</p>
        <ConfigLink link={block.button} className="button button--light" withIcon />
      </div>
    </aside>
  );
}
