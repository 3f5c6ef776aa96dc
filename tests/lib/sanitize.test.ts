// @vitest-environment jsdom
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { createSanitiser } from "../../src/shared/html/purify";
// The renderer's sanitiser over this environment's window, as in a browser (loaded by tests/setup.ts)...
import { sanitizeInlineHtml as inBrowser } from "../../src/shared/html/sanitize";

// ...and the same code over a window of its own, as the validator and the prerenderer run it in Node.
const onServer = createSanitiser(new JSDOM("").window as unknown as Window & typeof globalThis).sanitize;

/** The DOM a string of HTML parses to, serialised the browser's way (what hydration compares). */
function dom(html: string) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.innerHTML;
}

const samples = [
  "plain text with & and > but no tag",
  "<b>Bold</b> and <em>em</em><br>line",
  '<a href="https://example.com" title="x" target="_blank" rel="noopener">link</a>',
  '<a href="javascript:alert(1)">bad</a>',
  '<a href="java\tscript:alert(1)" onclick="x()">bad</a>',
  '<span class="x" style="color:red">styled</span>',
  "<script>alert(1)</script>after",
  "<style>p{}</style><iframe src=x>inside</iframe>kept",
  "<p>paragraph</p><div>div <strong>strong</strong></div>",
  "<img src=x onerror=alert(1)>image",
  "<!-- comment -->text",
];

describe("the sanitiser in the browser and on the server", () => {
  it.each(samples)("keeps what the server keeps: %s", (html) => {
    expect(dom(inBrowser(html))).toBe(dom(onServer(html)));
  });

  it("never leaves a script, an event handler or a javascript: link", () => {
    const out = inBrowser('<a href="javascript:x" onclick="y">a</a><script>z</script><img onerror="w">');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/);
  });

  it("reads a lone '<' as text, as the browser does (the old xss sanitiser cut out '< b ... >' as a tag)", () => {
    expect(dom(inBrowser("a < b and c > d"))).toBe("a &lt; b and c &gt; d");
  });

  it("matches the server on every content string of the site's collections", () => {
    const dir = path.resolve(import.meta.dirname, "../../site-config/collections");
    const strings: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === "string") {
        if (value.includes("<")) strings.push(value);
      } else if (value && typeof value === "object") Object.values(value).forEach(walk);
    };
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
      walk(JSON.parse(readFileSync(path.join(dir, file), "utf8")));
    }
    expect(strings.length).toBeGreaterThan(0);
    for (const html of strings) expect(dom(inBrowser(html))).toBe(dom(onServer(html)));
  });
});
