/**
 * Finds the treatment a requested slug means: the exact slug, then the presentation's aliases
 * (every alias word present in the request), then, where enabled, a fuzzy match on the names.
 */
import type { Listed, TreatmentIndex } from "../../shared/collections/data-files";
import type { CollectionPresentation } from "../../shared/generated/presentation";

// Words every treatment slug is full of; they say nothing about which treatment is meant.
const noise = new Set([
  "a",
  "and",
  "best",
  "for",
  "hospital",
  "hyderabad",
  "in",
  "kukatpally",
  "of",
  "s",
  "surgeon",
  "surgery",
  "the",
  "treatment",
]);

/** Lower-case words of a slug or name: "Golfer's-Elbow" -> ["golfer", "s", "elbow"]. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const meaningful = (text: string) => words(text).filter((w) => !noise.has(w));

function fuzzy<T extends Listed>(requested: string, items: readonly T[]): T | undefined {
  const wanted = meaningful(requested);
  if (wanted.length === 0) return undefined;
  let best: { item: T; score: number } | undefined;
  for (const item of items) {
    const name = meaningful(item.name);
    if (name.length === 0) continue;
    // A word matches when one is a prefix of the other ("knee" ~ "knees", "replace" ~ "replacement").
    const shared = name.filter((n) => wanted.some((w) => n.startsWith(w) || w.startsWith(n))).length;
    const score = shared / Math.max(name.length, wanted.length);
    if (shared > 0 && score >= 0.5 && (!best || score > best.score)) best = { item, score };
  }
  return best?.item;
}

/** An address part decoded, or as it is when it is not valid percent-encoding. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The treatment for a requested slug, or undefined when nothing matches. A fuzzy match that
 * scores the same for two treatments takes the first in `items`.
 */
export function resolveSubDepartment<T extends Listed>(
  requested: string,
  items: readonly T[],
  presentation: Pick<CollectionPresentation, "slugAliases" | "fuzzyMatch">,
): T | undefined {
  const slug = decoded(requested).toLowerCase();
  const exact = items.find((item) => item.slug === slug);
  if (exact) return exact;
  const requestWords = new Set(words(slug));
  for (const alias of presentation.slugAliases) {
    if (alias.words.every((w) => requestWords.has(w))) {
      const target = items.find((item) => item.slug === alias.slug);
      if (target) return target;
    }
  }
  return presentation.fuzzyMatch ? fuzzy(slug, items) : undefined;
}

/** The slug a requested slug resolves to in a collection's index (sorted by slug), or undefined. */
export function resolveSlug(
  requested: string,
  index: Pick<TreatmentIndex, "slugs" | "names">,
  presentation: Pick<CollectionPresentation, "slugAliases" | "fuzzyMatch">,
): string | undefined {
  const items = index.slugs.map((slug, i) => ({ slug, name: index.names[i] }));
  return resolveSubDepartment(requested, items, presentation)?.slug;
}

/**
 * The slug a page should show: the route's parameter, else (where the presentation allows it) the
 * given 1-based segment of the URL path.
 */
export function requestedSlug(param: string | undefined, pathname: string, segment?: number): string | undefined {
  if (param) return param;
  if (!segment) return undefined;
  return pathname.split("/").filter(Boolean)[segment - 1];
}
