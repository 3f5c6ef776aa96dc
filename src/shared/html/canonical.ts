/**
 * A shortcut for Node, where the sanitiser's DOM (jsdom) costs about a millisecond a string: a string
 * that is already exactly what the sanitiser would make of it is recognised from its tokens alone
 * (parse5's tokenizer, the HTML standard's), with no DOM, and used as written.
 *
 * "Already what the sanitiser would make of it" is checked strictly, and anything in doubt goes to
 * the sanitiser: every tag is on the allowlist, opened and closed in order (so the parser builds
 * exactly the tree the tags describe: nothing to balance, move or reopen), with allowlisted
 * attributes and values (no leading or trailing space, which DOMPurify trims; `rel` already in the
 * form the sanitiser writes), no link inside a link, no off-site link (the sanitiser adds its rel),
 * no comment or doctype, and no parse error at all (a duplicate attribute, a tag cut off by the end
 * of the text, a NUL...). DOMPurify, given such a string, removes nothing and changes nothing:
 * tests/lib/canonical.test.ts holds the two to the same answer on the XSS corpus, on every content
 * string of the site and on generated strings.
 *
 * Not used in the browser: there the sanitiser's DOM is the browser's own and cheap, and this would
 * add the tokenizer to the sanitiser's chunk.
 */
import { Tokenizer } from "parse5";
import { allowedTags, isAllowedAttribute, isAllowedAttributeValue, linkKind, relFor } from "./html-allowlist";

const voidTags = new Set(["br"]);
const isAllowedTag = (name: string) => Object.hasOwn(allowedTags, name);

/** Whether sanitising `html` would give back the same thing, decided from its tokens (see above). */
export function isCanonicalSafe(html: string): boolean {
  return isPlainlyCanonical(html) || tokensAreCanonical(html);
}

/**
 * Either an allowed tag with no attributes (`<strong>`, `</em>`, `<br>`, `<br/>`; `<a>` aside, which
 * has rules of its own), or anything that makes the quick reading below unsure: `<` not starting
 * such a tag, `&` (a character reference), and every character the tokenizer reports as a parse
 * error (NUL, controls, noncharacters, surrogates; CR and form feed too, for simplicity).
 */
const plainTagOrDoubt = /<(\/?)([a-z]+)(\/?)>|[<&]|[^\t\n\u0020-\u007e\u00a0-\ud7ff\ue000-\ufdcf\ufdf0-\ufffd]/g;

/**
 * The common case without the tokenizer, whose set-up alone costs about as much as validating a
 * treatment file's other strings: text with no character reference and no character the tokenizer
 * reports, and allowed tags with no attributes, opened and closed in order. The tokenizer reads
 * such a string as just those characters and tags with no parse error, which tokensAreCanonical
 * passes. False means "not known this way" (tokensAreCanonical decides), never "unsafe".
 */
export function isPlainlyCanonical(html: string): boolean {
  const open: string[] = [];
  plainTagOrDoubt.lastIndex = 0;
  for (let found = plainTagOrDoubt.exec(html); found; found = plainTagOrDoubt.exec(html)) {
    const [, end, tag, selfClosing] = found;
    if (tag === undefined || tag === "a" || !isAllowedTag(tag)) return false;
    if (end) {
      if (selfClosing || open.pop() !== tag) return false;
    } else if (!voidTags.has(tag)) {
      if (selfClosing) return false;
      open.push(tag);
    }
  }
  return open.length === 0;
}

/** isCanonicalSafe's answer from parse5's tokenizer, for any string. */
export function tokensAreCanonical(html: string): boolean {
  let safe = true;
  const open: string[] = [];
  const refuse = () => {
    safe = false;
  };
  const tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: false },
    {
      onCharacter: () => {},
      onWhitespaceCharacter: () => {},
      onNullCharacter: refuse,
      onComment: refuse,
      onDoctype: refuse,
      onEof: () => {},
      onParseError: refuse,
      onStartTag(token) {
        const tag = token.tagName;
        if (!isAllowedTag(tag)) return refuse();
        const isVoid = voidTags.has(tag);
        if ((token.selfClosing && !isVoid) || (tag === "a" && open.includes("a"))) return refuse();
        // A void element's attributes are checked like any other's: `<br onclick=…>` is not canonical.
        const href = token.attrs.find((a) => a.name === "href")?.value ?? null;
        for (const { name, value } of token.attrs) {
          if (!isAllowedAttribute(tag, name) || !isAllowedAttributeValue(tag, name, value)) return refuse();
          if (value !== value.trim()) return refuse();
          if (name === "rel" && relFor(href, value) !== value) return refuse();
        }
        if (href !== null && linkKind(href) === "off-site") return refuse();
        if (!isVoid) open.push(tag);
      },
      onEndTag(token) {
        if (open.at(-1) !== token.tagName || token.attrs.length > 0) return refuse();
        open.pop();
      },
    },
  );
  tokenizer.write(html, true);
  return safe && open.length === 0;
}
