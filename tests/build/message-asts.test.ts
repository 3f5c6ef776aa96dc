import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { englishMessages } from "../../src/build/vite/message-asts-plugin";

describe("the default language's messages parsed at build time", () => {
  const site = mkdtempSync(path.join(os.tmpdir(), "messages-"));
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  const write = (file: string, doc: unknown) => {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), JSON.stringify(doc));
  };
  write("navigation.json", { items: [{ label: "Call {phone}" }] });
  write("i18n/te/navigation.json", { strings: { "items.0.label": "{phone} కి కాల్ చేయండి" } });
  write("collections/cardiology-sub-departments.json", {
    heading: "Cardiology {city}",
    sub_departments: [{ slug: "a", name: "Angiogram {one}" }],
  });
  write("collections/orthopedics-sub-departments/_collection.json", { heading: "Orthopedics {city}" });
  write("collections/orthopedics-sub-departments/knee.json", { slug: "knee", name: "Knee {two}" });
  write("collections/cardiology.presentation.json", { headingFallback: "{name} in Hyderabad" });

  it("come from the English config and the collections' settings, never from the treatments or translations", () => {
    expect(Object.keys(englishMessages(site)).sort()).toEqual(
      ["Call {phone}", "Cardiology {city}", "Orthopedics {city}", "{name} in Hyderabad"].sort(),
    );
  });
});
