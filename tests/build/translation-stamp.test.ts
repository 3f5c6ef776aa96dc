/** `npm run translations -- stamp`: the migration to per-text review, and stamping a file updated by hand. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { main } from "../../src/build/translation-stamp";
import { sourceHash } from "../../src/shared/i18n/review";

let root: string;
const write = (file: string, data: unknown) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), `${JSON.stringify(data, null, 2)}\n`);
};
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "stamp-"));
  write("pages/faq.json", { $schema: "../schemas/page.schema.json", title: "Questions", intro: "Ask us anything." });
  write("i18n/te/pages/faq.json", { $schema: "x", status: "reviewed", strings: { title: "ప్రశ్నలు" } });
  write("i18n/hi/pages/faq.json", {
    $schema: "x",
    status: "draft",
    strings: { title: "प्रश्न", intro: "कुछ भी पूछें।" },
    sources: { title: "0badc0de" },
    reviewed: ["title"],
  });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm run translations -- stamp", () => {
  it("records today's English for texts that record none, keeps a stale one stale, and writes the status", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(main(["stamp"], root)).toBe(0);
    expect(log).toHaveBeenCalledWith(
      "Stamped 2 of 2 translation files: 2 texts now record the English they were made from.",
    );
    log.mockRestore();
    // A file reviewed as a whole keeps that verdict, now text by text.
    expect(read("i18n/te/pages/faq.json")).toEqual({
      $schema: "x",
      status: "reviewed",
      strings: { title: "ప్రశ్నలు" },
      sources: { title: sourceHash("Questions") },
      reviewed: ["title"],
    });
    expect(read("i18n/hi/pages/faq.json").sources).toEqual({
      title: "0badc0de",
      intro: sourceHash("Ask us anything."),
    });
    expect(read("i18n/hi/pages/faq.json").status).toBe("draft");
  });

  it("records today's English for every text of a file named, updated by hand", () => {
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(main(["stamp", path.join(root, "i18n/hi/pages/faq.json")], root)).toBe(0);
    vi.restoreAllMocks();
    expect(read("i18n/hi/pages/faq.json").sources.title).toBe(sourceHash("Questions"));
  });
});
