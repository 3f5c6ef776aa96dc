/**
 * The pages a file's changes show on, so a reviewer previews them before and after: a page's
 * route, a treatment's address, and for the files every page shows (navigation, footer, site
 * settings, and their translations) the word `everyPage`.
 */

import { localPath } from "../../../shared/i18n/languages";
import { everyPage } from "../../shared/changes-api";
import { describeFile } from "../../shared/config-files";
import { isObject } from "./match";
import { translationOf } from "./translation-labels";
import type { FieldChange } from "./types";

export { everyPage };

const sitewide = new Set(["site", "navigation", "footer"]);

/** Routes of the pages the changes affect (before and after, without repeats), or [everyPage]. */
export function affectedPages(
  file: string,
  before: unknown,
  after: unknown,
  changes: FieldChange[],
  english?: unknown,
): string[] {
  const translation = translationOf(file);
  if (translation) {
    // A translation of a file every page shows: every page in that language; of a page or a
    // treatment: that page in that language (the English file says where it is).
    if (/^site-config\/(site|navigation|footer)\.json$/.test(translation.englishFile)) return [everyPage];
    const pages = english === undefined ? [] : affectedPages(translation.englishFile, english, english, []);
    return pages.map((route) => localPath(route, translation.lang, "en"));
  }
  const kind = describeFile(file, after ?? before)?.kind;
  if (kind && sitewide.has(kind)) return [everyPage];
  const routes = new Set<string>();
  const addFrom = (doc: unknown, field: string) => {
    const value = isObject(doc) ? doc[field] : undefined;
    if (typeof value === "string") routes.add(value);
  };
  if (kind === "page" || kind === "presentation") for (const doc of [before, after]) addFrom(doc, "route");
  if (kind === "treatment") for (const doc of [before, after]) addFrom(doc, "url");
  if (kind === "collection") {
    // A collection file: the treatments whose entries changed.
    for (const change of changes) {
      const index = /^\/sub_departments\/(\d+)/.exec(change.pointer)?.[1];
      if (index === undefined) continue;
      const doc = change.kind === "removed" ? before : after;
      const list = isObject(doc) ? doc.sub_departments : undefined;
      if (Array.isArray(list)) addFrom(list[Number(index)], "url");
    }
  }
  return [...routes];
}
