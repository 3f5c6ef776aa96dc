/**
 * Prerendering only: which part of the layout to render. The header, footer and the rest of the
 * page frame are the same on every page of a ':slug' route (a thousand treatment pages share one),
 * so the prerenderer renders that frame once, with a marker in <main>, and each page's content
 * alone, and puts the one into the other (src/build/prerender/frame.ts). The content is rendered in the
 * very same place of the tree, with the frame's parts left empty, so its HTML (ids included) is
 * what a whole render gives, and the browser hydrates it as one.
 */
import { createContext } from "react";

export type LayoutPart =
  /** Everything (the browser, and every page that does not share a frame). */
  | { part: "all" }
  /** The frame, with `slot` (a marker) as the content of <main>. */
  | { part: "frame"; slot: string }
  /** The content of <main> alone; the frame's parts render nothing. */
  | { part: "content" };

export const LayoutPartContext = createContext<LayoutPart>({ part: "all" });
