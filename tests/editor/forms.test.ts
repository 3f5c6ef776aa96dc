import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createSchemaUtils, type RJSFSchema } from "@rjsf/utils";
import { describe, expect, it } from "vitest";
import { liveProblems } from "../../src/editor/app/problems";
import { defaultFormStateBehavior, validator } from "../../src/editor/app/rjsf-validator";
import { type ConfigFileInfo, describeFile } from "../../src/editor/shared/config-files";
import { jsonEqual, toJson } from "../../src/editor/shared/json-format";
import { listParts, partSchema, partUiSchema, partValue, splitOf } from "../../src/editor/shared/parts";
import { formSchema, schemaPaths, uiSchemaFor } from "../../src/editor/shared/schemas";
import { realSiteRoot } from "./temp-site";

function jsonFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(path.join(folder, entry.name))
      : entry.name.endsWith(".json")
        ? [path.join(folder, entry.name)]
        : [],
  );
}

/** Every part of every config file, as the editor opens them. */
const parts = jsonFiles(realSiteRoot).flatMap((absolute) => {
  const text = readFileSync(absolute, "utf8");
  const doc = JSON.parse(text);
  const info = describeFile(`site-config/${path.relative(realSiteRoot, absolute)}`, doc);
  if (!info) throw new Error(`${absolute} names no known schema`);
  const split = splitOf(info, doc, text.length);
  return listParts(info, split, doc).map((entry) => {
    const value = partValue(doc, split, entry.part);
    return { name: `${info.path} / ${entry.label}`, value, schema: partSchema(info, split, entry.part, value) };
  });
});

describe("the editor's schemas", () => {
  it.each(schemaPaths)("inlines every reference of %s, so the form sees one whole schema", (schemaPath) => {
    expect(JSON.stringify(formSchema(schemaPath))).not.toContain('"$ref"');
  });

  it("keeps the titles and descriptions written beside a reference", () => {
    const image = formSchema("collection.schema.json#/$defs/subDepartment").properties?.image as RJSFSchema;
    expect(image.title).toBe("Image");
    expect(image.description).toMatch(/treatment image beside the appointment form/);
    expect(image.pattern).toBeDefined();
  });

  it("shows prose as text areas, hides the $schema line and block type constants, keeps enums for selects", () => {
    const treatment = uiSchemaFor(formSchema("collection.schema.json#/$defs/subDepartment"));
    expect(treatment.content.intro["ui:widget"]).toBe("textarea");
    expect(treatment.content.faqs.items.answer["ui:widget"]).toBe("textarea");
    expect(treatment.content.sections.items.description["ui:widget"]).toBe("textarea");
    expect(treatment.slug).toBeUndefined();
    const banner = formSchema("blocks/cta-banner.schema.json");
    expect(uiSchemaFor(banner).type["ui:widget"]).toBe("hidden");
    expect((banner.properties as Record<string, RJSFSchema>).tone.enum).toEqual(["accent", "calm"]);
    expect(uiSchemaFor(formSchema("navigation.schema.json")).$schema["ui:widget"]).toBe("hidden");
  });
});

describe("the editor's picture fields", () => {
  it("upload a picture with its words, width and height as one where a field keeps them", () => {
    const branch = uiSchemaFor(formSchema("branches.schema.json")).branches.items.image;
    expect(branch["ui:field"]).toBe("picture");
    expect(branch.src).toEqual({ "ui:widget": "image", "ui:options": { upload: false } });
    expect(uiSchemaFor(formSchema("site.schema.json")).logo["ui:field"]).toBe("picture");
  });

  it("upload a bare picture in its own widget (the page gives a treatment image its words)", () => {
    const treatment = uiSchemaFor(formSchema("collection.schema.json#/$defs/subDepartment"));
    expect(treatment.image).toEqual({ "ui:widget": "image" });
  });
});

describe("opening every part of every config file in the form", () => {
  const store = new Map<RJSFSchema, ReturnType<typeof createSchemaUtils>>();
  const utilsFor = (schema: RJSFSchema) => {
    let utils = store.get(schema);
    if (!utils) {
      utils = createSchemaUtils(validator, schema, defaultFormStateBehavior);
      store.set(schema, utils);
    }
    return utils;
  };

  it.each(parts.map((p) => [p.name, p]))("%s: the form adds nothing to the data and finds it valid", (_name, part) => {
    const utils = utilsFor(part.schema);
    expect(toJson(utils.getDefaultFormState(part.schema, part.value))).toEqual(toJson(part.value));
    expect(partUiSchema(part.schema)["ui:submitButtonOptions"]).toEqual({ norender: true });
    const { errors } = validator.validateFormData(part.value, part.schema);
    expect(errors).toEqual([]);
  });

  it("would add empty lists to the data with rjsf's default behaviour (why the editor sets its own)", () => {
    const changed = parts.filter((part) => {
      const utils = createSchemaUtils(validator, part.schema);
      return !jsonEqual(toJson(utils.getDefaultFormState(part.schema, part.value)), toJson(part.value));
    });
    expect(changed.length).toBeGreaterThan(0);
  });
});

describe("live validation messages, from the validate CLI's catalogue, naming fields by their labels", () => {
  /** A config file as opened, and the problems the editor shows as the person changes it. */
  const opened = (file: string) => {
    const text = readFileSync(path.join(realSiteRoot, file), "utf8");
    const doc = JSON.parse(text);
    const info = describeFile(`site-config/${file}`, doc) as ConfigFileInfo;
    const messages = (data: unknown) => liveProblems(info, data, text).map((p) => [p.pointer, p.message]);
    return { doc, messages };
  };
  const navigation = opened("navigation.json");

  it("says a required field is empty, at that field, by its label", () => {
    const data = structuredClone(navigation.doc);
    delete data.topBar.callLabel;
    expect(navigation.messages(data)).toEqual([["/topBar/callLabel", "Fill in 'Call label': this top bar needs it."]]);
  });

  it("explains a pattern with an example, naming the field by its label", () => {
    const data = structuredClone(navigation.doc);
    data.items[0].key = "Home Page";
    expect(navigation.messages(data)).toEqual([
      [
        "/items/0/key",
        "Expected 'Short name' to be lower-case letters, digits and hyphens, such as 'book-an-appointment', but found 'Home Page'.",
      ],
    ]);
  });

  it("asks for exactly one of a link's route, address or action, once", () => {
    const data = structuredClone(navigation.doc);
    data.sideButtons[0] = { label: "Book" };
    expect(navigation.messages(data)).toEqual([
      ["/sideButtons/0", "Expected this link to have one of 'route', 'href' or 'action', but it has none."],
    ]);
  });

  it("refuses unsafe HTML in content while typing", () => {
    const cardiology = opened("collections/cardiology-sub-departments.json");
    const data = structuredClone(cardiology.doc);
    data.sub_departments[0].content.sections[0].list = ['<img src=x onerror="alert(1)">Stent'];
    expect(cardiology.messages(data)).toEqual([
      [
        "/sub_departments/0/content/sections/0/list/0",
        "Expected item 1 of 'list' to use only safe inline HTML, but the tag <img> is not allowed.",
      ],
    ]);
  });
});
