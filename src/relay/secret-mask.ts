/**
 * The CRM's keys masked in any text, in every form they can take on the way: as written,
 * URL-encoded (`%24`, `%2B`, `%2F`, `%3D`, in either case, encoded twice by a proxy), JSON-escaped
 * (`\u002B`, `\/`, escaped again when a JSON log line quotes a JSON body) and any mix of these, as a
 * CRM or a proxy in front of it may quote the request URL or body in an error. Applied to every
 * reason before it is stored (crm.ts), to every log line (logger.ts) and to the leads CLI's output.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

/** The ways one character of a key can be written (see the module comment), as a regex. */
function characterForms(character: string): string {
  const forms = [escapeRegExp(character)];
  const bytes = [...Buffer.from(character, "utf8")];
  // %2B, %2b, and %252B when the % itself was encoded again.
  forms.push(bytes.map((b) => `%(?:25)?${b.toString(16).padStart(2, "0")}`).join(""));
  for (const unit of Array.from({ length: character.length }, (_, i) => character.charCodeAt(i)))
    forms.push(`\\\\+u${unit.toString(16).padStart(4, "0")}`);
  if (character === "/" || character === '"' || character === "\\") forms.push(`\\\\+${escapeRegExp(character)}`);
  if (character === " ") forms.push("\\+");
  return `(?:${forms.join("|")})`;
}

/** A function that writes `***` for each of `secrets` (empty ones aside) in a text, whatever its form. */
export function secretMasker(secrets: readonly (string | undefined)[]): (text: string) => string {
  const given = [...new Set(secrets.filter((s): s is string => typeof s === "string" && s !== ""))];
  if (given.length === 0) return (text) => text;
  // Longest first, so a key that contains another is masked whole.
  const pattern = new RegExp(
    given
      .sort((a, b) => b.length - a.length)
      .map((secret) => [...secret].map(characterForms).join(""))
      .join("|"),
    "gi",
  );
  return (text) => text.replace(pattern, "***");
}
