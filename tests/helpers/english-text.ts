/**
 * Finds text in Latin letters outside lang="en" in a page's HTML: what a screen reader would read
 * in the page's voice though it is English (WCAG 3.1.2). The brand names site.json lists and the
 * site's own name are not English words; neither are addresses.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { DefaultTreeAdapterTypes as T } from "parse5";
import { parse } from "parse5";

export const root = path.resolve(import.meta.dirname, "../..");
export const dist = path.join(root, "dist");
export const site = JSON.parse(readFileSync(path.join(root, "site-config", "site.json"), "utf8")) as {
  name: string;
  languages: { code: string; name: string }[];
  brandNames?: string[];
};
/** Attributes a screen reader reads out. */
const spoken = ["alt", "aria-label", "placeholder", "title"];
const unread = new Set(["script", "style", "template", "head", "svg"]);
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
// Longest first, so "Giggles Vizag" goes before "Giggles".
const brands = new RegExp(
  `(${[...(site.brandNames ?? []), site.name]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})`,
  "g",
);
/** Addresses and e-mail addresses are not words a voice reads in a language. */
const machineText = /\b[\w.+-]+@[\w-]+(\.[\w-]+)+\b|https?:\/\/\S+|\b(?:[\w-]+\.)+(?:example|com|org|net|in)\b/g;

/**
 * The English words of a text once brand names and addresses are set aside: words in Latin
 * letters written as words are ("Knee", "replacement"). Abbreviations (ECG, CT, MBBS, HbA1c,
 * NT-proBNP, T3: capitals after the first letter, or digits) are not: Telugu and Hindi hospital
 * pages write them so, and a voice spells them out in either language.
 */
export function englishWords(text: string): string[] {
  const rest = text.replace(brands, " ").replace(machineText, " ");
  return (rest.match(/[A-Za-z0-9'’]+/g) ?? []).filter((word) => /^[A-Za-z][a-z'’]+$/.test(word));
}

/** A text of a page in Latin letters: where it is, the text, and whether it sits inside lang="en". */
export interface EnglishText {
  where: string;
  text: string;
  marked: boolean;
}

/** Every text of a page with English words in it, marked lang="en" or not, in document order. */
export function englishTexts(html: string): EnglishText[] {
  const found: EnglishText[] = [];
  const visit = (node: T.ChildNode | T.Document | T.Element, lang: string, where: string) => {
    if (node.nodeName === "#text") {
      const text = (node as T.TextNode).value.trim();
      if (englishWords(text).length) found.push({ where, text, marked: lang.startsWith("en") });
      return;
    }
    const element = node as T.Element;
    if (element.tagName && unread.has(element.tagName)) return;
    let here = lang;
    let name = where;
    if (element.attrs) {
      here = element.attrs.find((a) => a.name === "lang")?.value ?? lang;
      const cls = element.attrs.find((a) => a.name === "class")?.value.split(" ")[0];
      name = `${element.tagName}${cls ? `.${cls}` : ""}`;
      for (const attr of element.attrs)
        if (spoken.includes(attr.name) && englishWords(attr.value).length)
          found.push({ where: `${name}[${attr.name}]`, text: attr.value, marked: here.startsWith("en") });
    }
    for (const child of (element as T.Element).childNodes ?? []) visit(child, here, name);
  };
  visit(parse(html), "", "");
  return found;
}

/** Every text of a page in Latin letters that is not inside lang="en", with where it is. */
export function unmarkedEnglish(html: string): string[] {
  return englishTexts(html)
    .filter((t) => !t.marked)
    .map((t) => `${t.where}: "${t.text.slice(0, 80)}"`);
}

/** The prerendered pages of a language: dist/<code>/**\/index.html. */
export function pagesOf(code: string): string[] {
  return readdirSync(path.join(dist, code), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === "index.html")
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}
