import { ConfigLink } from "../../ui/ConfigLink";
import type { BlockProps } from "../types";
import "./cta-banner.css";

/** A strip with a message and one button, such as the Get a Second Opinion strip. */
export function CtaBanner({ block }: BlockProps<"cta-banner">) {
  return (
    <aside className={`cta-banner cta-banner--${block.tone ?? "accent"}`} aria-label={block.button.label}>
      <div className="container cta-banner__inner">
        <p className="cta-banner__text">{block.text}</p>
        <ConfigLink link={block.button} className="button button--light" withIcon />
      </div>
    </aside>
  );
}
