/**
 * The addresses of links to this site inside a content string: the `href` of each `<a>` that is a
 * path on this site ('/contact-us', not '//host', 'https:', '#part' or 'mailto:'), as written, with
 * `&amp;` decoded. Read with a pattern rather than a parser: it runs on strings the sanitiser
 * check has already passed (every tag allowed, closed and quoted as HTML reads it), in the
 * validator and in the editor's browser app alike.
 */
import { linkKind } from "./html-allowlist";

const anchor = /<a\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The site paths the text's links lead to, in order. */
export function siteLinksIn(html: string): string[] {
  const found: string[] = [];
  // Most texts hold no link: two quick searches spare them the pattern (on 10,000 treatment
  // files, a twentieth of the validator's time).
  if (!html.includes("<a") && !html.includes("<A")) return found;
  for (const match of html.matchAll(anchor)) {
    const href = (match[1] ?? match[2] ?? match[3] ?? "").replace(/&amp;/gi, "&");
    if (linkKind(href) === "site") found.push(href);
  }
  return found;
}
