/**
 * The XSS corpus (tests/fixtures/xss-vectors.json) through the validator and the prerenderer.
 *
 * The validator: every vector is refused with a sentence naming what sanitising would remove or
 * re-balance, or accepted only if the sanitiser leaves it as written (its expected verdict is in the
 * corpus). The prerenderer: every vector, refused or not, renders with nothing outside the allowlist
 * and without spilling into the page after it. The same corpus runs in Chromium in
 * tests/browser/xss.test.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { checkHtml } from "../../src/shared/html/html";
import { allowedTags, isAllowedAttributeValue, linkKind, offSiteRel } from "../../src/shared/html/html-allowlist";
import { ContentList } from "../../src/site/ui/text";
import { validateDocument } from "../../src/validation/ajv";
import { schemaProblems } from "../../src/validation/schema-errors";

interface Vector {
  id: string;
  html: string;
  note: string;
  expect: "refused" | "accepted";
}

const corpus = path.resolve(import.meta.dirname, "../fixtures/xss-vectors.json");
const { vectors } = JSON.parse(readFileSync(corpus, "utf8")) as { vectors: Vector[] };
const { document } = new JSDOM("").window;

/** The DOM `html` parses to inside a span, serialised; off-site links count their by-design rel. */
function tree(html: string, addRel: boolean): string {
  const holder = document.createElement("span");
  holder.innerHTML = html;
  for (const link of holder.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href") as string;
    const rel = [...(link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).filter(Boolean)];
    if (addRel && linkKind(href) === "off-site") rel.push(...offSiteRel);
    if (rel.length > 0) link.setAttribute("rel", [...new Set(rel)].sort().join(" "));
  }
  return holder.innerHTML;
}

/** What in rendered markup falls outside the allowlist (tags, attributes, addresses), in words. */
function outsideAllowlist(markup: string): string[] {
  const holder = document.createElement("div");
  holder.innerHTML = markup;
  const found: string[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === 8) found.push("a comment");
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      const tag = element.localName;
      if (!Object.hasOwn(allowedTags, tag) || element.namespaceURI !== "http://www.w3.org/1999/xhtml")
        found.push(`<${tag}>`);
      for (const { name, value } of element.attributes) {
        if (!(allowedTags[tag] ?? []).includes(name) || !isAllowedAttributeValue(tag, name, value))
          found.push(`${name}="${value}" on <${tag}>`);
      }
      walk(element);
    }
  };
  walk(holder);
  return found;
}

const refused: string[] = [];

afterAll(() => {
  console.log(
    `XSS corpus, validator: ${vectors.length} vectors, ${refused.length} refused, ${vectors.length - refused.length} accepted unchanged.`,
  );
});

describe("the XSS corpus", () => {
  it("holds at least 150 vectors, each with a note and an expected verdict", () => {
    expect(vectors.length).toBeGreaterThanOrEqual(150);
    expect(new Set(vectors.map((v) => v.id)).size).toBe(vectors.length);
    for (const vector of vectors) {
      expect(vector.note.length, vector.id).toBeGreaterThan(3);
      expect(["refused", "accepted"], vector.id).toContain(vector.expect);
    }
  });
});

describe("the validator on the XSS corpus", () => {
  it.each(vectors)("$id: $note", (vector) => {
    const result = validateDocument("blocks/rich-text.schema.json", { type: "rich-text", paragraphs: [vector.html] });
    const problems = schemaProblems(result.errors, "blocks/rich-text.schema.json");
    const verdict = checkHtml(vector.html);
    if (result.valid) {
      // Accepted: sanitising leaves it as written (the same DOM, and nothing re-balanced).
      expect(vector.expect, `${vector.id} was accepted`).toBe("accepted");
      expect(verdict.problems).toEqual([]);
      expect(tree(verdict.sanitized, false)).toBe(tree(vector.html, true));
    } else {
      refused.push(vector.id);
      expect(vector.expect, `${vector.id} was refused: ${problems[0]?.message}`).toBe("refused");
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ name: "UnsafeHtml", pointer: "/paragraphs/0" });
      expect(problems[0].message).toMatch(/^Expected item 1 of 'paragraphs' to use only safe inline HTML, but .+\.$/s);
    }
  });
});

describe("the prerenderer on the XSS corpus", () => {
  it.each(vectors)("$id renders inside the allowlist, and the page after it unchanged", (vector) => {
    // A treatment page's list, as the prerenderer writes it, with the next part of the page after it.
    const page = renderToString(
      <main>
        <ContentList items={[vector.html, `Term: ${vector.html}`]} />
        <p id="after">After the list</p>
      </main>,
    );
    const holder = document.createElement("div");
    holder.innerHTML = page;
    const list = holder.querySelector("ul") as HTMLUListElement;
    for (const item of list.children) {
      expect(item.localName).toBe("li");
      expect(outsideAllowlist(item.innerHTML.replace(/^<strong>(<span>[^<]*<\/span>)<\/strong>/, "$1"))).toEqual([]);
    }
    // Nothing of the vector spills over: the paragraph after the list is where the page put it,
    // not inside a link or a bold the vector left open.
    const after = holder.querySelector("#after") as HTMLParagraphElement;
    expect(after.parentElement?.localName).toBe("main");
    expect(after.innerHTML).toBe("After the list");
    expect(holder.querySelectorAll("main > *")).toHaveLength(2);
  });
});
