/**
 * The Node shortcut (src/shared/html/canonical.ts) answers only what the sanitiser would: every
 * string it passes as already sanitised is one DOMPurify gives back unchanged (the same DOM). Held
 * on the XSS corpus, on every content string of the site, and on generated strings mixing allowed
 * and refused tags, attributes, entities and mistakes.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { isCanonicalSafe, isPlainlyCanonical, tokensAreCanonical } from "../../src/shared/html/canonical";
import { allowedTags } from "../../src/shared/html/html-allowlist";
import { createSanitiser } from "../../src/shared/html/purify";

const root = path.resolve(import.meta.dirname, "../..");
const { window } = new JSDOM("");
const { sanitize } = createSanitiser(window as unknown as Window & typeof globalThis);

/** The DOM a string parses to where content goes (inside a span), serialised. */
function tree(html: string): string {
  const holder = window.document.createElement("span");
  holder.innerHTML = html;
  return holder.innerHTML;
}

/** The strings the shortcut passes that DOMPurify would change. */
const disagreements = (strings: string[]) => strings.filter((s) => isCanonicalSafe(s) && tree(sanitize(s)) !== tree(s));

function contentStrings(): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") {
      if (value.includes("<")) strings.push(value);
    } else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  const dir = path.join(root, "site-config");
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.endsWith(".json"))
      walk(JSON.parse(readFileSync(path.join(entry.parentPath, entry.name), "utf8")));
  return strings;
}

const pieces = [
  "text",
  " ",
  "Pain:",
  "&amp;",
  "& ",
  "&lt;b&gt;",
  "&nbsp;",
  "&amp",
  "<b>",
  "</b>",
  "<B>",
  "</B>",
  "<i>",
  "</i>",
  "<strong>",
  "</strong>",
  "<em>",
  "</em>",
  "<u>",
  "</u>",
  "<sub>",
  "</sub>",
  "<span>",
  "</span>",
  "<br>",
  "<br/>",
  "</br>",
  "<b/>",
  '<a href="/x">',
  "<a href='/x?a=1&b=2'>",
  '<a href="#faq" title="Questions">',
  '<a href="mailto:a@b.example">',
  '<a href="tel:+914012345678">',
  '<a href="https://e.example/">',
  '<a href="/x" rel="nofollow">',
  '<a href="/x" rel="NoFollow">',
  '<a href="/x" rel="opener">',
  '<a href="/x" target="_blank">',
  '<a href="/x" target="top">',
  '<a href=" /x">',
  '<a href="/x" title=" t">',
  '<a href="//e.example/">',
  '<a href="javascript:alert(1)">',
  '<a href="/x" href="/y">',
  '<a href="/x" onclick="alert(1)">',
  "</a>",
  "<p>",
  "</p>",
  "<div>",
  "<table><td>",
  "<!-- c -->",
  "<img src=x onerror=alert(1)>",
  "<svg><b>",
  "</svg>",
  "<math>",
  "<style>",
  "</style>",
  "<script>",
  "\u0000",
  "<",
  "<b",
];

/** Deterministic strings of 1 to 8 pieces (a small linear congruential generator). */
function generated(count: number): string[] {
  let seed = 17;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + next(8) }, () => pieces[next(pieces.length)]).join(""),
  );
}

describe("the Node shortcut for already-sanitised strings", () => {
  it("agrees with DOMPurify on the XSS corpus", () => {
    const corpus = JSON.parse(readFileSync(path.join(root, "tests/fixtures/xss-vectors.json"), "utf8")) as {
      vectors: { html: string }[];
    };
    expect(disagreements(corpus.vectors.map((v) => v.html))).toEqual([]);
  });

  it("takes every content string of the site, and agrees with DOMPurify on them", () => {
    const strings = contentStrings();
    expect(strings.length).toBeGreaterThan(0);
    expect(strings.filter((s) => !isCanonicalSafe(s))).toEqual([]);
    expect(disagreements(strings)).toEqual([]);
  });

  it("agrees with DOMPurify on 4,000 generated strings, passing many and declining many", () => {
    const strings = generated(4000);
    const passed = strings.filter(isCanonicalSafe);
    expect(passed.length).toBeGreaterThan(400);
    expect(strings.length - passed.length).toBeGreaterThan(400);
    expect(disagreements(strings)).toEqual([]);
  });

  it("agrees with DOMPurify on every allowed element, void ones too, with every kind of attribute", () => {
    const attributes = [
      "",
      ' onload="alert(1)"',
      " onclick=alert(1)",
      ' id="x" tabindex="1" onfocus="alert(1)" autofocus',
      ' style="color:red"',
      " autofocus",
      ' tabindex="0"',
      ' id="top"',
      ' name="n"',
      ' class="c"',
      ' title="t"',
      ' href="/x"',
      ' href="/x" onmouseover="alert(1)"',
      ' rel="nofollow"',
      ' target="_blank"',
    ];
    const strings = Object.keys(allowedTags).flatMap((tag) =>
      attributes.flatMap((attribute) => [
        `<${tag}${attribute}>`,
        `<${tag}${attribute}/>`,
        `a<${tag}${attribute}>b</${tag}>c`,
        `<b><${tag}${attribute}>x</${tag}></b>`,
      ]),
    );
    expect(strings.length).toBeGreaterThan(600);
    expect(disagreements(strings)).toEqual([]);
    expect(
      ["<br onload=alert(1)>", "<br onclick=alert(1)>", "<br id=x tabindex=1 onfocus=alert(1) autofocus>"].filter(
        isCanonicalSafe,
      ),
    ).toEqual([]);
    expect(isCanonicalSafe("one<br>two<br/>three")).toBe(true);
  });

  it("passes without the tokenizer only strings the tokenizer passes", () => {
    const strings = [...generated(4000), ...contentStrings(), "a\u0085b <em>c</em>", "x\r\n<b>y</b>", "<sub>2</sub/>"];
    const quick = strings.filter(isPlainlyCanonical);
    expect(quick.length).toBeGreaterThan(100);
    expect(quick.filter((s) => !tokensAreCanonical(s))).toEqual([]);
    expect(
      ["<b>x</B>", "a &amp; <i>b</i>", "<a>x</a>", "</br>", "<b>x</i>", "x\u0000<b>y</b>"].filter(isPlainlyCanonical),
    ).toEqual([]);
  });

  it("declines off-site links, whose rel the sanitiser adds", () => {
    expect(isCanonicalSafe('<a href="https://www.heart.org/">x</a>')).toBe(false);
    expect(isCanonicalSafe('<a href="/contact-us">x</a> and <strong>y</strong>')).toBe(true);
  });
});
