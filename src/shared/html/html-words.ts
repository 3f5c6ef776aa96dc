/**
 * The words of the HTML check (html.ts): what the sanitiser would remove from a content string,
 * said as a problem a content team can act on ("the tag <script> is not allowed").
 */
import { allowedTags } from "./html-allowlist";
import type { Removal } from "./purify";

const generic = "(use https:, mailto:, tel: or a path starting with '/')";

/** A value as it can be read in a message: control characters and line breaks written as escapes. */
const visible = (value: string) =>
  value.replace(/[\u0000-\u001f\u007f]/g, (c) =>
    c === "\n"
      ? "\\n"
      : c === "\t"
        ? "\\t"
        : c === "\r"
          ? "\\r"
          : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

/** Why a link address is refused, in words. */
function addressText(raw: string): string {
  const shown = `the link address '${visible(raw)}' is not allowed`;
  if (raw.includes("\\") || /^[\u0000-\u0020]*\/[\u0000-\u0020]*\//.test(raw))
    return `${shown}: an address that starts with '//' or holds '\\' leads to another site (write it out in full, starting with https://)`;
  if (/[\u0000-\u0020\u007f]/.test(raw))
    return `${shown}: it holds a space or a control character, which browsers skip (hiding where it really leads)`;
  if (/^http:/i.test(raw)) return `${shown}: a link to another site must start with https://`;
  if (/^https:\/\/[^/?#]*@/i.test(raw))
    return `${shown}: a name before '@' hides which site it leads to (link to the site itself)`;
  return `${shown} ${generic}`;
}

/** What the sanitiser removed, in words: the problem a content team reads. */
export function removalText(removal: Removal): string {
  switch (removal.kind) {
    case "element":
      return `the tag <${removal.tag}> is not allowed`;
    case "comment":
      return "a comment (<!-- ... -->) is not allowed";
    case "rel":
      return removal.tokens.includes("opener")
        ? `rel="opener" on <${removal.tag}> is not allowed (it would let the opened page control this one)`
        : `the link type${removal.tokens.length > 1 ? "s" : ""} ${removal.tokens.map((t) => `'${t}'`).join(", ")} in rel on <${removal.tag}> ${removal.tokens.length > 1 ? "are" : "is"} not allowed`;
    case "attribute": {
      const { tag, name } = removal;
      const value = visible(removal.value);
      if (name.startsWith("on")) return `the event handler attribute '${name}' on <${tag}> is not allowed`;
      if (!(allowedTags[tag] ?? []).includes(name)) return `the attribute '${name}' on <${tag}> is not allowed`;
      if (/[<>]/.test(value))
        return `the attribute '${name}' on <${tag}> holds markup ('<' or '>'), which is not allowed in an attribute`;
      if (name === "target") return `the target '${value}' on <${tag}> is not allowed (use _blank or _self)`;
      if (name === "href") return addressText(removal.value);
      return `the value of '${name}' on <${tag}> is not allowed`;
    }
  }
}
