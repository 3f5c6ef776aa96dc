import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ConfigFileInfo, describeFile, distinctLabels } from "../../src/editor/shared/config-files";
import {
  duplicateItem,
  followSlug,
  listParts,
  locate,
  moveItem,
  partSchema,
  partValue,
  removeItem,
  splitOf,
  withPart,
} from "../../src/editor/shared/parts";
import { realSiteRoot } from "./temp-site";

type Item = Record<string, unknown>;
/** The lists of a file, typed for reading in tests. */
const list = (doc: Record<string, unknown>, key: string) => doc[key] as Item[];

function open(file: string) {
  const text = readFileSync(path.join(realSiteRoot, file), "utf8");
  const doc = JSON.parse(text);
  const info = describeFile(`site-config/${file}`, doc) as ConfigFileInfo;
  return { doc, info, split: splitOf(info, doc, text.length) };
}

describe("config files as the editor lists them", () => {
  it("names each file by what it is", () => {
    const label = (file: string) => open(file).info.label;
    expect(label("navigation.json")).toBe("Navigation");
    expect(label("footer.json")).toBe("Footer");
    expect(label("branches.json")).toBe("Branches");
    expect(label("specialities.json")).toBe("Specialities");
    expect(label("site.json")).toBe("Site settings");
    expect(label("collections/cardiology-sub-departments.json")).toBe("Cardiology treatments");
    expect(label("collections/orthopedics-sub-departments.json")).toBe("Orthopedics treatments");
    expect(label("collections/cardiology.presentation.json")).toBe("Cardiology treatment page layout");
    expect(label("pages/home.json")).toBe("/home");
    expect(open("pages/home.json").info.detail).toBe("Multi-Specialty Hospitals in Hyderabad and Andhra Pradesh");
    expect(label("forms/appointment.json")).toBe("Appointment form on treatment pages");
    expect(label("forms/booking.json")).toBe("Booking pop-up form (header and side buttons)");
    expect(label("forms/contact-us.json")).toBe("Send us a message form");
    expect(open("forms/appointment.json").info.detail).toBe("form id 'appointment'");
  });

  it("tells apart files whose labels tie, by their second line", () => {
    const forms = ["appointment", "booking"].map((id) => ({ ...open(`forms/${id}.json`).info, label: "Book form" }));
    expect(distinctLabels(forms).map((f) => f.label)).toEqual([
      "Book form (form id 'appointment')",
      "Book form (form id 'booking')",
    ]);
    expect(distinctLabels([open("navigation.json").info]).map((f) => f.label)).toEqual(["Navigation"]);
  });
});

describe("large files, one item at a time", () => {
  it("splits a treatment collection into its settings and one part per treatment", () => {
    const { doc, info, split } = open("collections/cardiology-sub-departments.json");
    const entries = listParts(info, split, doc);
    expect(entries[0]).toEqual({ part: { kind: "settings" }, label: "Collection settings" });
    expect(entries[1]).toEqual({
      part: { kind: "item", index: 0 },
      label: "Heart Failure",
      detail: "treatment-for-heart-failure-in-kukatpally",
    });
    expect(entries).toHaveLength(1 + doc.sub_departments.length);
    expect(partValue(doc, split, { kind: "settings" })).toEqual({
      $schema: doc.$schema,
      speciality: "Cardiology",
      location: "Hyderabad",
    });
    const settings = partSchema(info, split, { kind: "settings" }, undefined);
    expect(Object.keys(settings.properties ?? {})).not.toContain("sub_departments");
    expect(settings.required).not.toContain("sub_departments");
  });

  it("gives each block of a page the schema of its own type", () => {
    const { doc, info, split } = open("pages/home.json");
    const part = { kind: "item", index: 0 } as const;
    expect(partSchema(info, split, part, partValue(doc, split, part)).title).toBe("Hero");
    expect(listParts(info, split, doc)[1]).toMatchObject({
      label: "Hero",
      detail: "Care close to home, specialists when you need them",
    });
  });

  it("edits small files whole", () => {
    const { doc, info, split } = open("navigation.json");
    expect(split).toBeUndefined();
    expect(listParts(info, split, doc)).toEqual([{ part: { kind: "whole" }, label: "Navigation" }]);
  });

  it("puts a changed part back into the file, and finds the part of a pointer", () => {
    const { doc, split } = open("pages/home.json");
    const next = withPart(doc, split, { kind: "item", index: 1 }, { ...doc.blocks[1], title: "Changed" });
    expect(list(next, "blocks")[1].title).toBe("Changed");
    expect(list(next, "blocks")[0]).toBe(doc.blocks[0]);
    const settings = withPart(
      doc,
      split,
      { kind: "settings" },
      { ...(partValue(doc, split, { kind: "settings" }) as object), route: "/start" },
    );
    expect(settings.route).toBe("/start");
    expect(settings.blocks).toBe(doc.blocks);
    expect(locate(split, "/blocks/3/button/route")).toEqual({
      part: { kind: "item", index: 3 },
      pointer: "/button/route",
    });
    expect(locate(split, "/meta/title")).toEqual({ part: { kind: "settings" }, pointer: "/meta/title" });
  });

  it("moves and removes items", () => {
    const { doc, split } = open("pages/home.json");
    if (!split) throw new Error("home.json is split");
    const moved = moveItem(doc, split, 0, 1);
    expect(
      list(moved, "blocks")
        .map((b) => b.type)
        .slice(0, 2),
    ).toEqual([doc.blocks[1].type, doc.blocks[0].type]);
    expect(moveItem(doc, split, 0, -1)).toBe(doc);
    expect(list(removeItem(doc, split, 0), "blocks")).toHaveLength(doc.blocks.length - 1);
  });
});

describe("adding a treatment page by duplicating one", () => {
  const { doc, split } = open("collections/orthopedics-sub-departments.json");
  if (!split) throw new Error("collections are split");

  it("inserts a copy after the original with a free slug, and its path and canonical address follow", () => {
    const { doc: next, index } = duplicateItem(doc, split, 1);
    expect(index).toBe(2);
    const copy = list(next, "sub_departments")[2];
    expect(copy.slug).toBe("total-knee-replacement-copy");
    expect(copy.name).toBe("Total Knee Replacement (copy)");
    expect(copy.url).toBe("/specialities/orthopedics/total-knee-replacement-copy");
    expect(copy.canonical_url).toBe(
      "https://www.hospitals.example/specialities/orthopedics/total-knee-replacement-copy",
    );
    expect(copy.content).toEqual(doc.sub_departments[1].content);
    // The original's medical review is its own: no doctor has reviewed the copy.
    expect(doc.sub_departments[1].review).toBeDefined();
    expect(copy).not.toHaveProperty("review");
    expect(list(next, "sub_departments")).toHaveLength(doc.sub_departments.length + 1);
    expect(list(duplicateItem(next, split, 1).doc, "sub_departments")[2].slug).toBe("total-knee-replacement-copy-2");
  });

  it("updates the path and canonical address when the slug changes, unless they were edited", () => {
    const before = doc.sub_departments[1];
    const renamed = followSlug(before, { ...before, slug: "knee-replacement" });
    expect(renamed.url).toBe("/specialities/orthopedics/knee-replacement");
    expect(renamed.canonical_url).toBe("https://www.hospitals.example/specialities/orthopedics/knee-replacement");
    const ownPath = followSlug(before, { ...before, slug: "knee-replacement", url: "/my/own" });
    expect(ownPath.url).toBe("/my/own");
    expect(followSlug(before, { ...before, slug: "" })).toEqual({ ...before, slug: "" });
  });
});
