/**
 * Messages between the editor and its preview frame (same origin, postMessage). The frame is a
 * page of its own, so the site's styles, head changes and modals stay inside it.
 */
import type { FileKind } from "./config-files";
import type { Part } from "./parts";

/** Editor -> preview: show this file's draft. */
export interface RenderMessage {
  source: "site-editor";
  type: "render";
  path: string;
  kind: FileKind;
  schema: string;
  doc: Record<string, unknown>;
  part: Part;
  /** For pages with one page per entry: the entry's slug to show. */
  entry?: string;
  /** Show the site in this language (not the default): `doc` is still the English file. */
  lang?: string;
  /** The draft translation of `doc` into `lang`, by key. */
  strings?: Record<string, string>;
}

/** An entry a page can be previewed as. */
export interface PreviewEntry {
  slug: string;
  name: string;
}

/** Preview -> editor. */
export type PreviewMessage =
  | { source: "site-editor-preview"; type: "ready" }
  | {
      source: "site-editor-preview";
      type: "shown";
      route?: string;
      entries: PreviewEntry[];
      entry?: string;
      note?: string;
    };

export function isPreviewMessage(data: unknown): data is PreviewMessage {
  return !!data && typeof data === "object" && (data as { source?: unknown }).source === "site-editor-preview";
}

export function isRenderMessage(data: unknown): data is RenderMessage {
  return !!data && typeof data === "object" && (data as { source?: unknown }).source === "site-editor";
}
