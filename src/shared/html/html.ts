/**
 * The validator's check of HTML inside content strings: a string is accepted only if sanitising it
 * (purify.ts, the same DOMPurify code the prerenderer and the browser run) would change nothing a
 * reader or a browser can tell, so what a content team wrote is exactly what every visitor gets.
 *
 * "Would change" is decided on tokens, as the HTML standard's tokenizer reads them (parse5's):
 * the string's tokens and the tokens of its sanitised form must be the same, where
 * - text is compared as the characters it stands for ("&" and "&amp;" are the same text),
 * - tag names are compared in lower case, and `<br>` and `<br/>` are the same start tag,
 * - attributes are compared by name and decoded value, in any order and however quoted,
 * - `rel` is compared as a set of link types, and an off-site link's source counts as having
 *   noopener and noreferrer: the sanitiser adds them by design, so a content team need not write them.
 * Everything else counts as a change: a tag, attribute or comment the sanitiser would remove, an
 * attribute value it would rewrite, and every tag the parser would close, move or open on its own
 * (an unclosed <a>, <b> and <i> that overlap, a stray end tag, a link inside a link). Unbalanced
 * markup is refused because a browser balances it with the page around it: an unclosed link
 * would turn the rest of the page into links.
 *
 * In Node the parser is jsdom's: call `installJsdom` (node-dom.ts) before checking, as validation/run.ts
 * does. In a browser (the editor's live checks) it is the browser's.
 */
import { type Token as Parse5, type TokenHandler, Tokenizer } from "parse5";
import { isCanonicalSafe } from "./canonical";
import { domWindow } from "./dom-window";
import { allowedTags, linkKind, offSiteRel } from "./html-allowlist";
import { removalText } from "./html-words";
import { createSanitiser, type Removal, type Sanitiser } from "./purify";

let sanitiser: Sanitiser | undefined;
const sanitiserHere = () => {
  sanitiser ??= createSanitiser(domWindow());
  return sanitiser;
};

type Location = Parse5.LocationWithAttributes;
type TagToken = Parse5.TagToken;

type Token =
  | { type: "text"; text: string; at: number }
  | { type: "start"; name: string; attrs: Map<string, string>; selfClosing: boolean; at: number; loc: Location | null }
  | { type: "end"; name: string; at: number }
  | { type: "comment"; at: number }
  | { type: "doctype"; at: number };

interface Reading {
  tokens: Token[];
  /** Start tags that name an attribute twice (a browser keeps only the first). */
  duplicates: string[];
  /** Whether the string ends inside a tag, which a browser then drops with all it holds ("a <b"). */
  unfinishedTag: boolean;
}

/** The tokens of `html` as the HTML tokenizer reads them, text runs merged. */
function read(html: string): Reading {
  const tokens: Token[] = [];
  const duplicates: string[] = [];
  let duplicate = false;
  let unfinishedTag = false;
  const text = (chars: string, at: number) => {
    const last = tokens[tokens.length - 1];
    if (last?.type === "text") last.text += chars;
    else tokens.push({ type: "text", text: chars, at });
  };
  const offset = (loc: Location | null) => loc?.startOffset ?? 0;
  const tag = (token: TagToken) => ({
    name: token.tagName,
    at: offset(token.location),
  });
  const handler: TokenHandler = {
    onCharacter: (t) => text(t.chars, offset(t.location)),
    onWhitespaceCharacter: (t) => text(t.chars, offset(t.location)),
    onNullCharacter: (t) => text(t.chars, offset(t.location)),
    onComment: (t) => tokens.push({ type: "comment", at: offset(t.location) }),
    onDoctype: (t) => tokens.push({ type: "doctype", at: offset(t.location) }),
    onStartTag: (t) => {
      if (duplicate) duplicates.push(t.tagName);
      duplicate = false;
      tokens.push({
        type: "start",
        ...tag(t),
        attrs: new Map(t.attrs.map((a) => [a.name, a.value])),
        selfClosing: t.selfClosing,
        loc: t.location,
      });
    },
    onEndTag: (t) => {
      duplicate = false;
      tokens.push({ type: "end", ...tag(t) });
    },
    onEof: () => {},
    onParseError: (error) => {
      if (error.code === "duplicate-attribute") duplicate = true;
      if (error.code === "eof-in-tag") unfinishedTag = true;
    },
  };
  new Tokenizer({ sourceCodeLocationInfo: true }, handler).write(html, true);
  return { tokens, duplicates, unfinishedTag };
}

const relSet = (rel: string | undefined) =>
  [
    ...new Set(
      (rel ?? "")
        .toLowerCase()
        .split(/[\t\n\f\r ]+/)
        .filter(Boolean),
    ),
  ]
    .sort()
    .join(" ");

/**
 * A token as a string that is the same for two tokens a reader or browser cannot tell apart. On the
 * written side (`written`), an off-site link counts its by-design rel as written.
 */
function key(token: Token, written: boolean): string {
  switch (token.type) {
    case "text":
      return `t:${token.text}`;
    case "start": {
      const attrs = new Map(token.attrs);
      if (attrs.has("rel") || token.name === "a") {
        let rel = attrs.get("rel");
        const href = attrs.get("href");
        if (written && token.name === "a" && href !== undefined && linkKind(href) === "off-site")
          rel = `${rel ?? ""} ${offSiteRel.join(" ")}`;
        if (rel !== undefined) attrs.set("rel", relSet(rel));
      }
      const list = [...attrs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `s:${token.name}:${JSON.stringify(list)}`;
    }
    case "end":
      return `e:${token.name}`;
    default:
      return token.type;
  }
}

const isAllowedTag = (name: string) => Object.hasOwn(allowedTags, name);
const voidTags = new Set(["br"]);

/** What the parser would balance on its own, in words, each with where it starts. */
function balanceProblems(tokens: Token[]): { at: number; text: string }[] {
  const problems: { at: number; text: string }[] = [];
  const open: { name: string; at: number }[] = [];
  // Tags closed early by an outer end tag: their own end tag, when it comes, is part of that mistake.
  const closedEarly: string[] = [];
  // Tags outside the allowlist that were opened (their removal is named already, not their end).
  const otherStarts = new Set<string>();
  for (const token of tokens) {
    if (token.type === "start" && isAllowedTag(token.name)) {
      if (voidTags.has(token.name)) continue;
      if (token.selfClosing)
        problems.push({
          at: token.at,
          text: `the tag <${token.name}/> does not close itself (in HTML only <br> does; write <${token.name}></${token.name}>)`,
        });
      if (token.name === "a" && open.some((o) => o.name === "a"))
        problems.push({
          at: token.at,
          text: "a link (<a>) starts inside another link, which a browser would end there",
        });
      open.push({ name: token.name, at: token.at });
    } else if (token.type === "start") {
      otherStarts.add(token.name);
    } else if (token.type === "end" && !isAllowedTag(token.name)) {
      if (!otherStarts.has(token.name))
        problems.push({ at: token.at, text: `the end tag </${token.name}> has no <${token.name}> to close` });
    } else if (token.type === "end") {
      if (voidTags.has(token.name)) {
        problems.push({ at: token.at, text: `the end tag </${token.name}> is not HTML (write <${token.name}>)` });
        continue;
      }
      const index = open.findLastIndex((o) => o.name === token.name);
      if (index < 0) {
        const early = closedEarly.indexOf(token.name);
        if (early >= 0) {
          closedEarly.splice(early, 1);
          continue;
        }
        problems.push({ at: token.at, text: `the end tag </${token.name}> has no <${token.name}> to close` });
        continue;
      }
      for (const inner of open.slice(index + 1).reverse()) {
        closedEarly.push(inner.name);
        problems.push({
          at: token.at,
          text: `the tag <${inner.name}> is still open when </${token.name}> closes <${token.name}> around it (close tags in the reverse order they were opened)`,
        });
      }
      open.length = index;
    }
  }
  for (const unclosed of open)
    problems.push({ at: unclosed.at, text: `the tag <${unclosed.name}> is never closed (add </${unclosed.name}>)` });
  return problems;
}

/** Where in the written string a removal happened: the first token it can be about. */
function removalOffset(removal: Removal, tokens: Token[]): number {
  for (const token of tokens) {
    if (removal.kind === "comment" && (token.type === "comment" || token.type === "doctype")) return token.at;
    if (token.type !== "start") continue;
    if (removal.kind === "element" && token.name === removal.tag) return token.at;
    if (removal.kind === "attribute" && token.name === removal.tag && token.attrs.has(removal.name))
      return token.loc?.attrs?.[removal.name]?.startOffset ?? token.at;
    if (removal.kind === "rel" && token.name === removal.tag && token.attrs.has("rel"))
      return token.loc?.attrs?.rel?.startOffset ?? token.at;
  }
  return Number.MAX_SAFE_INTEGER;
}

/** The verdict on one string: its sanitised form and, if that differs, why, in words. */
export interface HtmlVerdict {
  sanitized: string;
  /** Empty when sanitising changes nothing a reader or browser can tell. */
  problems: string[];
}

/** Checks a content string against the sanitiser (see the top of this file for what counts). */
export function checkHtml(html: string): HtmlVerdict {
  // No '<', no markup: the string reads the same as its sanitised form. Nor does a string whose
  // tokens already are what the sanitiser would leave (canonical.ts), known without a DOM.
  if (!html.includes("<") || isCanonicalSafe(html)) return { sanitized: html, problems: [] };
  const { html: sanitized, removed } = sanitiserHere().inspect(html);
  const written = read(html);
  const result = read(sanitized);
  const same =
    written.duplicates.length === 0 &&
    !written.unfinishedTag &&
    written.tokens.length === result.tokens.length &&
    written.tokens.every((token, i) => key(token, true) === key(result.tokens[i], false));
  if (same) return { sanitized, problems: [] };

  const found: { at: number; text: string }[] = [
    ...removed.map((r) => ({ at: removalOffset(r, written.tokens), text: removalText(r) })),
    ...written.duplicates.map((tag) => ({
      at: Number.MAX_SAFE_INTEGER,
      text: `an attribute is given twice on <${tag}> (a browser keeps only the first)`,
    })),
    ...balanceProblems(written.tokens),
  ];
  if (written.unfinishedTag)
    found.push({
      at: html.lastIndexOf("<"),
      text: "the text ends inside a tag that is never finished with '>' (a browser drops it and all it holds)",
    });
  for (const token of written.tokens)
    if (token.type === "doctype") found.push({ at: token.at, text: "a <!DOCTYPE> is not allowed" });
  const problems = [...new Set(found.sort((a, b) => a.at - b.at).map((p) => p.text))];
  if (problems.length === 0) problems.push(`sanitising would change it to '${sanitized}'`);
  return { sanitized, problems };
}

/**
 * Lists, in words, what sanitising would remove or re-balance in the string, such as "the tag
 * <script> is not allowed" or "the tag <a> is never closed (add </a>)". An empty list means the
 * string renders exactly as written.
 */
export function findHtmlProblems(html: string): string[] {
  return checkHtml(html).problems;
}
