/**
 * Warnings: things that are valid but should be looked at before publishing. They never make
 * the run fail.
 */
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { UnplacedProblem } from "./problem";
import { entriesOf, type Named, type PageFacts, type SiteModel } from "./site-model";

/** Search results cut titles and descriptions at about these lengths. */
export const metaLimits = { title: 60, description: 160 };

type Json = Record<string, unknown>;

/** Warnings for a browser title and meta description that search results would cut off. */
export function metaWarnings(
  title: unknown,
  description: unknown,
  titleAt: string,
  descriptionAt: string,
): UnplacedProblem[] {
  const warnings: UnplacedProblem[] = [];
  if (typeof title === "string" && title.length > metaLimits.title) {
    warnings.push(problem(say.LongMetaTitle, titleAt, title.length));
  }
  if (typeof description === "string" && description.length > metaLimits.description) {
    warnings.push(problem(say.LongMetaDescription, descriptionAt, description.length));
  }
  return warnings;
}

/** Meta warnings of a collection file's treatments. */
export function collectionMetaWarnings(data: Json): UnplacedProblem[] {
  const treatments = Array.isArray(data.sub_departments) ? data.sub_departments : [];
  return treatments.flatMap((treatment: Json, i) => {
    if (treatment === null || typeof treatment !== "object") return [];
    const at = `/sub_departments/${i}`;
    return metaWarnings(treatment.meta_title, treatment.meta_description, `${at}/meta_title`, `${at}/meta_description`);
  });
}

/**
 * Meta warnings of a page. For a page made once per branch, speciality or post, '{name}' and
 * '{summary}' are measured with the longest value they will hold.
 */
export function pageMetaWarnings(page: PageFacts, model: SiteModel): UnplacedProblem[] {
  const entries = entriesOf(model, page.each);
  const longest = (pick: (e: Named) => string | undefined) =>
    entries.reduce((a, e) => ((pick(e)?.length ?? 0) > a.length ? (pick(e) ?? "") : a), "");
  const [name, summary] = [longest((e) => e.name), longest((e) => e.summary)];
  const fill = (value: unknown) =>
    typeof value === "string" && entries.length > 0
      ? value.replaceAll("{name}", name).replaceAll("{summary}", summary)
      : value;
  return metaWarnings(fill(page.meta?.title), fill(page.meta?.description), "/meta/title", "/meta/description");
}
