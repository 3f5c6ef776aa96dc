import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { commitMessage, describeChange, describeFileChanges, everyPage } from "../../../src/editor/server/changes";
import { projectRoot } from "../temp-site";

type Doc = Record<string, unknown> & {
  items: Array<{ label: string; route: string; children?: unknown[] }>;
};

const navFile = "site-config/navigation.json";
const read = (file: string) => JSON.parse(readFileSync(path.join(projectRoot, file), "utf8"));
const navigation = (): Doc => read(navFile);
const words = (file: string, before: unknown, after: unknown) =>
  describeChange(file, before, after).map((c) => `${c.kind} ${c.pointer} | ${c.label} | ${c.words}`);

describe("a change in words", () => {
  const before = navigation();
  before.items[1].label = "Who We Are";

  it("names a changed field by the form's labels, the entry by its old name", () => {
    const after = structuredClone(before);
    after.items[1].label = "About us";
    expect(describeChange(navFile, before, after)).toEqual([
      {
        file: navFile,
        fileLabel: "Navigation",
        pointer: "/items/1/label",
        label: "Menu entry ‘Who We Are’ › Label",
        kind: "changed",
        before: "Who We Are",
        after: "About us",
        words: "Label: 'Who We Are' → 'About us'",
      },
    ]);
    expect(commitMessage(navFile, before, after)).toBe("Navigation: 'Who We Are' renamed 'About us'");
  });

  it("reads an inserted entry as added and a moved one as moved, not every later entry as changed", () => {
    const after = structuredClone(before);
    after.items.splice(1, 0, { label: "News", route: "/news-media" });
    const [moved] = after.items.splice(4, 1);
    after.items.unshift(moved);
    expect(words(navFile, before, after)).toEqual([
      "changed /items/0 | Menu entry ‘Our doctors’ | Menu entry ‘Our doctors’ moved from place 4 to 1",
      "added /items/2 | Menu entry ‘News’ | Menu entry ‘News’ added",
    ]);
  });

  it("sums several changes up in a short commit message", () => {
    const after = structuredClone(before);
    after.items[1].label = "About us";
    after.items[1].route = "/about";
    after.items[2].route = "/our-specialities";
    expect(commitMessage(navFile, before, after)).toBe("Navigation: 3 changes (Label, Page address)");
    (after.topBar as Record<string, string>).callLabel = "Call us";
    expect(commitMessage(navFile, before, after)).toBe("Navigation: 4 changes (Call label, Label, …)");
  });

  it("names page blocks without names of their own by their place, and removed ones by their heading", () => {
    const file = "site-config/pages/home.json";
    const home = read(file);
    const after = structuredClone(home);
    after.blocks.splice(1, 1);
    expect(words(file, home, after)).toEqual([
      "removed /blocks/1 | Card grid ‘How can we help you today?’ | Card grid ‘How can we help you today?’ removed",
    ]);
    expect(commitMessage(file, home, after)).toBe("/home: Card grid ‘How can we help you today?’ removed");
  });

  it("lists the pages a change shows on", () => {
    const after = structuredClone(before);
    after.items[1].label = "About us";
    const text = (doc: unknown) => JSON.stringify(doc);
    expect(describeFileChanges(navFile, text(before), text(after)).pages).toEqual([everyPage]);

    const collection = "site-config/collections/cardiology-sub-departments.json";
    const treatments = read(collection);
    const edited = structuredClone(treatments);
    edited.sub_departments[1].meta_title = "New title";
    expect(describeFileChanges(collection, text(treatments), text(edited))).toMatchObject({
      fileLabel: "Cardiology treatments",
      pages: [treatments.sub_departments[1].url],
      changes: [{ label: `Treatment page ‘${treatments.sub_departments[1].name}’ › Browser title` }],
    });

    const page = "site-config/pages/contact-us.json";
    const contact = read(page);
    expect(describeFileChanges(page, text(contact), text({ ...contact, route: "/contact" })).pages).toEqual([
      "/contact-us",
      "/contact",
    ]);
  });

  it("says a whole file was added, removed or replaced when it is not JSON", () => {
    const image = "public/images/logo.png";
    expect(describeFileChanges(image, undefined, "PNG").changes[0].words).toBe("New file");
    expect(describeFileChanges(image, "PNG", "PNG2").changes[0].words).toBe("File replaced");
    expect(describeFileChanges(image, "PNG", undefined).changes[0].words).toBe("File removed");
  });

  it("names a translator's change by the English field it translates, in that language", () => {
    const file = "site-config/i18n/te/navigation.json";
    const telugu = read(file);
    const after = structuredClone(telugu);
    const before = telugu.strings["items.about.label"];
    after.strings["items.about.label"] = "మా సంస్థ";
    const text = (doc: unknown) => JSON.stringify(doc);
    const review = describeFileChanges(file, text(telugu), text(after), text(navigation()));
    expect(review).toMatchObject({ fileLabel: "Navigation (Telugu)", pages: [everyPage] });
    expect(review.changes.map((c) => `${c.label} | ${c.words}`)).toEqual([
      `Menu entry ‘About us’ › Label (Telugu) | Label (Telugu): '${before}' → 'మా సంస్థ'`,
    ]);
    expect(commitMessage(file, telugu, after, navigation())).toBe(`Navigation (Telugu): '${before}' renamed 'మా సంస్థ'`);

    const page = "site-config/i18n/te/pages/home.json";
    const home = read(page);
    const key = Object.keys(home.strings)[0];
    const edited = { ...home, strings: { ...home.strings, [key]: "కొత్త" } };
    expect(
      describeFileChanges(page, text(home), text(edited), text(read("site-config/pages/home.json"))).pages,
    ).toEqual(["/te/home"]);
  });
});
