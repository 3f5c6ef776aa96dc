/**
 * The spec's slug helper (section 9): lower-cases; a leading 'dr' becomes 'dr-'; '&' becomes
 * 'and'; spaces become hyphens; other characters are stripped; repeated hyphens collapse.
 *
 * "A leading 'dr'" is read as the title Dr (followed by a dot or a space), so that names such as
 * "Drug Safety" are not turned into "dr-ug-safety".
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/^dr(\.|\s)+/, "dr-")
    .replace(/&/g, " and ")
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The reverse helper: a display name from a slug, "dr-anil-kumar" -> "Dr Anil Kumar". */
export function unslugify(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(" ");
}
