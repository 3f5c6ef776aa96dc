/**
 * The one allowlist for HTML inside content strings. The validator refuses anything outside it
 * before a build, and the renderer sanitises with the same list at run time, so a string that
 * slipped past validation (an edited data file served directly) still cannot run script. The list
 * itself lives in html-allowlist.ts, shared with the browser's sanitiser (sanitize.browser.ts).
 */
import xss, { type IWhiteList } from "xss";
import { allowedTags, isSafeHref, strippedWithBody } from "./html-allowlist";

// xss is CommonJS: Node's ESM loader only offers its default export, so take the parts from it.
const { FilterXSS, escapeAttrValue } = xss as unknown as typeof import("xss");

const whiteList: IWhiteList = allowedTags;

const sanitiser = new FilterXSS({
  whiteList,
  stripIgnoreTag: true,
  stripIgnoreTagBody: strippedWithBody,
  // Returning "" drops the attribute entirely rather than leaving an empty href behind.
  onTagAttr(tag, name, value) {
    if (tag === "a" && name === "href" && !isSafeHref(value)) return "";
    return undefined;
  },
  safeAttrValue: (_tag, _name, value) => escapeAttrValue(value),
});

/** Returns the string with every tag and attribute outside the allowlist removed. */
export function sanitizeInlineHtml(html: string): string {
  return sanitiser.process(html);
}

/**
 * Lists, in words, what in the string falls outside the allowlist, such as
 * "the tag <script> is not allowed". An empty list means the string is safe as written.
 */
export function findHtmlProblems(html: string): string[] {
  if (!html.includes("<")) return [];
  const problems: string[] = [];
  const finder = new FilterXSS({
    whiteList,
    onIgnoreTag(tag, raw) {
      if (!raw.startsWith("</")) problems.push(`the tag <${tag}> is not allowed`);
    },
    onIgnoreTagAttr(tag, name) {
      problems.push(
        name.startsWith("on")
          ? `the event handler attribute '${name}' on <${tag}> is not allowed`
          : `the attribute '${name}' on <${tag}> is not allowed`,
      );
    },
    onTagAttr(tag, name, value) {
      if (tag === "a" && name === "href" && !isSafeHref(value)) {
        problems.push(
          `the link address '${value}' is not allowed (use https:, mailto:, tel: or a path starting with '/')`,
        );
      }
    },
  });
  finder.process(html);
  return [...new Set(problems)];
}
