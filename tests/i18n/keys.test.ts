import { describe, expect, it } from "vitest";
import { entrySegments, keyedTexts, translateDocument } from "../../src/shared/i18n/keys";

const nav = {
  items: [
    { key: "home", label: "Home", route: "/home" },
    { key: "about", label: "About us", children: [{ id: "leadership", label: "Leadership team" }] },
  ],
  sideButtons: [{ label: "Book an Appointment" }, { label: "Call for Enquiry" }],
};

describe("translation keys", () => {
  it("names entries by their key, id, slug or field name, and others by position", () => {
    expect(keyedTexts(nav).map((t) => t.key)).toEqual([
      "items.home.key",
      "items.home.label",
      "items.home.route",
      "items.about.key",
      "items.about.label",
      "items.about.children.leadership.id",
      "items.about.children.leadership.label",
      "sideButtons.0.label",
      "sideButtons.1.label",
    ]);
    expect(entrySegments([{ name: "mobile" }, { name: "email" }])).toEqual(["mobile", "email"]);
    // A person's name is not an identity: positions instead.
    expect(entrySegments([{ name: "Dr. Anjali" }, { name: "Dr. Ravi" }])).toEqual(["0", "1"]);
    // Two entries sharing a name cannot be told apart by it.
    expect(entrySegments([{ id: "a" }, { id: "a" }])).toEqual(["0", "1"]);
  });

  it("keeps a translation with its entry when entries are reordered", () => {
    const strings = { "items.about.label": "మా గురించి" };
    const reordered = { ...nav, items: [nav.items[1], nav.items[0]] };
    expect(translateDocument(reordered, strings).doc.items[0].label).toBe("మా గురించి");
  });

  it("gives each text's JSON pointer in the English file", () => {
    const found = keyedTexts(nav).find((t) => t.key === "items.about.children.leadership.label");
    expect(found?.pointer).toBe("/items/1/children/0/label");
  });
});

describe("applying a translation", () => {
  it("replaces translated texts and lists the ones left in English, never showing a key or an empty string", () => {
    const { doc, english } = translateDocument(nav, {
      "items.home.label": "హోమ్",
      "items.about.label": "  ",
      "sideButtons.0.label": "Book an Appointment",
    });
    expect(doc.items[0].label).toBe("హోమ్");
    expect(doc.items[1].label).toBe("About us");
    expect(english).toContain("About us");
    // Kept as in English on purpose (a brand name) still reads as English.
    expect(english).toContain("Book an Appointment");
    expect(english).not.toContain("హోమ్");
  });

  it("with no strings at all, shows the document as it is and lists every text as English, as any translation would", () => {
    const none = translateDocument(nav, {});
    const unrelated = translateDocument(nav, { "no.such.key": "ఏదీ లేదు" });
    expect(none.doc).toEqual(nav);
    expect(none.english).toEqual(unrelated.english);
    expect(none.english).toContain("About us");
  });

  it("leaves the English document as it was", () => {
    const before = JSON.stringify(nav);
    translateDocument(nav, { "items.home.label": "హోమ్" });
    expect(JSON.stringify(nav)).toBe(before);
  });
});
