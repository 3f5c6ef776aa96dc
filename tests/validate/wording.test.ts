import { readFileSync } from "node:fs";
import path from "node:path";
import { getNodePath, type Node, parseTree } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { validateDocument } from "../../src/validation/ajv";
import { findSyntaxMistake } from "../../src/validation/json-syntax";
import { PositionFinder, placeEach } from "../../src/validation/positions";
import { schemaProblems } from "../../src/validation/schema-errors";
import { closest } from "../../src/validation/suggest";

const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({
  route: "/x",
  meta: { title: "Title", description: "Description" },
  blocks,
  ...extra,
});

/** The problems of a document as "pointer: message" lines. */
function problemsOf(schema: string, data: unknown): string[] {
  const { errors } = validateDocument(schema, data);
  return schemaProblems(errors, schema).map((p) => `${p.pointer}: ${p.message}`);
}

describe("schema errors, in words", () => {
  it("say a link needs one of route, href or action once, not four times", () => {
    expect(problemsOf("page.schema.json", page([{ type: "cta-banner", text: "Go", button: { label: "Go" } }]))).toEqual(
      ["/blocks/0/button: Expected this link to have one of 'route', 'href' or 'action', but it has none."],
    );
  });

  it("name both targets of a link that has two", () => {
    const button = { label: "Go", route: "/a", href: "https://example.in/" };
    expect(problemsOf("page.schema.json", page([{ type: "cta-banner", text: "Go", button }]))).toEqual([
      "/blocks/0/button: Expected this link to have only one of 'route', 'href' or 'action', but it has 'route' and 'href'.",
    ]);
  });

  it("say a block without a type needs one", () => {
    const [problem] = problemsOf("page.schema.json", page([{ text: "Hello" }]));
    expect(problem).toMatch(
      /^\/blocks\/0: Expected the block to have a 'type' naming its kind, but found none\. Use one of: /,
    );
  });

  it("explain a ':slug' route without 'each' with the property's description", () => {
    expect(problemsOf("page.schema.json", page([], { route: "/x/:slug" }))).toEqual([
      ": Expected the property 'each' (with a ':slug' route: make one page per branch, per speciality or per blog post (blog-posts.json); blocks then show that entry), but this page has none.",
    ]);
  });

  it("list the names a lead payload may use", () => {
    const problems = problemsOf("form.schema.json", {
      id: "a",
      kind: "contact-us",
      fields: [{ name: "name", label: "Name", type: "text" }],
      submitLabel: "Send",
      submittingLabel: "Sending",
      notices: { invalid: "i", failure: "f", success: "s" },
      successRoute: "/",
      consent: { text: "t", linkLabel: "l", route: "/" },
      lead: { payload: { name: "{name}", phone: "", email: "", message: "", phoen: "" }, attributes: { Source: "s" } },
    });
    expect(problems).toEqual([
      "/lead/payload/phoen: Found the name 'phoen' in 'payload', which is not allowed there; did you mean 'phone'?",
    ]);
  });

  it("describe too-short text and out-of-range numbers", () => {
    expect(problemsOf("page.schema.json", page([], { meta: { title: "", description: "d" } }))).toEqual([
      "/meta/title: Expected 'title' to have some text, but found empty text.",
    ]);
  });
});

describe("JSON syntax mistakes", () => {
  it("are placed and put in words", () => {
    expect(findSyntaxMistake('{\n  "a": 1\n  "b": 2\n}')).toEqual({
      line: 3,
      column: 3,
      message: "Expected ',' or '}' after a property's value, but found '\"b\"'. Is a comma missing?",
    });
    expect(findSyntaxMistake("[1, 2,]")?.message).toBe(
      "Expected another item after the comma, but found ']'. JSON allows no comma after the last item.",
    );
    expect(findSyntaxMistake("// note\n{}")?.message).toBe(
      "Found a comment, '// note', but JSON does not allow comments.",
    );
    expect(findSyntaxMistake("")?.message).toBe("Expected a JSON value, but the file is empty.");
    expect(findSyntaxMistake("{'a': 1}")?.message).toBe(
      "Found ''a'', which is not JSON: text and names need double quotes, and the only bare words are true, false and null.",
    );
  });
});

describe("positions", () => {
  const text = '{\n  "a": [\n    { "b": 1, "b": 2 }\n  ]\n}';

  it("point at a value, or at its name", () => {
    const finder = new PositionFinder(text);
    expect(finder.of("/a/0")).toEqual({ line: 3, column: 5 });
    expect(finder.of("/a/0/b", "key")).toEqual({ line: 3, column: 15 });
  });

  it("stop at the deepest value that exists", () => {
    expect(new PositionFinder(text).of("/a/0/c/d")).toEqual({ line: 3, column: 5 });
  });

  it("are found only when a problem's place is read, reading the file once", () => {
    let reads = 0;
    const unplaced = { pointer: "/a/0", name: "X", severity: "warning", message: "m", hint: null } as const;
    const [first, second] = placeEach([unplaced, { ...unplaced, pointer: "/a" }], "f.json", () => {
      reads++;
      return text;
    });
    expect(reads).toBe(0);
    expect([first.line, first.column, second.line]).toEqual([3, 5, 2]);
    expect(JSON.parse(JSON.stringify(first))).toEqual({ file: "f.json", line: 3, column: 5, ...unplaced });
    expect(reads).toBe(1);
  });

  /** Line and column of each offset of a text, counted by hand. */
  const placesOf = (source: string) => {
    const places: { line: number; column: number }[] = [];
    let [line, column] = [1, 1];
    for (const char of source.split("")) {
      places.push({ line, column });
      [line, column] = char === "\n" ? [line + 1, 1] : [line, column + 1];
    }
    return places;
  };

  it("are where a full parse puts every value and name of a real collection file", () => {
    const source = readFileSync(
      path.resolve(import.meta.dirname, "../../site-config/collections/orthopedics-sub-departments.json"),
      "utf8",
    );
    const finder = new PositionFinder(source);
    const places = placesOf(source);
    const nodes: Node[] = [];
    const walk = (node: Node) => {
      nodes.push(node);
      for (const child of node.children ?? []) walk(child.type === "property" ? (child.children?.[1] as Node) : child);
    };
    walk(parseTree(source) as Node);
    expect(nodes.length).toBeGreaterThan(500);
    for (const node of nodes) {
      const pointer = getNodePath(node)
        .map((s) => `/${String(s).replaceAll("~", "~0").replaceAll("/", "~1")}`)
        .join("");
      expect(finder.of(pointer)).toEqual(places[node.offset]);
      if (node.parent?.type === "property") expect(finder.of(pointer, "key")).toEqual(places[node.parent.offset]);
    }
  });

  it("are found in a text that is not strict JSON (a comment, a trailing comma)", () => {
    const loose = '{\n  // the first\n  "a": [1, 2,],\n  "b": { "c": "}" }\n}';
    expect(new PositionFinder(loose).of("/b/c")).toEqual({ line: 4, column: 15 });
    expect(new PositionFinder(loose).of("/a/1")).toEqual({ line: 3, column: 12 });
  });
});

describe("suggestions", () => {
  it("find close names and ignore far ones", () => {
    expect(closest("intor", ["type", "text", "level", "intro"])).toBe("intro");
    expect(closest("/contact", ["/contact-us", "/careers"])).toBe("/contact-us");
    expect(closest("/second-opinion", ["/get-a-second-opinion", "/home"])).toBe("/get-a-second-opinion");
    expect(closest("banana", ["type", "text"])).toBeUndefined();
  });
});
