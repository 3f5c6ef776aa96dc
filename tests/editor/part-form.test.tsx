// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { PartForm } from "../../src/editor/app/PartForm";
import { fieldProblems, liveProblems } from "../../src/editor/app/problems";
import { type ConfigFileInfo, describeFile } from "../../src/editor/shared/config-files";
import { type Part, partValue, type Split, splitOf, withPart } from "../../src/editor/shared/parts";
import type { Problem } from "../../src/validation/browser";
import { realSiteRoot } from "./temp-site";

interface HarnessProps {
  info: ConfigFileInfo;
  split: Split | undefined;
  part: Part;
  doc: Record<string, unknown>;
  text: string;
  problems: Problem[];
  changes: unknown[];
}

/**
 * Holds the file's data as the editor does, checks it as the person types as the editor does,
 * and records each change the form reports.
 */
function Harness({ info, split, part, doc, text, problems, changes }: HarnessProps) {
  const [current, setCurrent] = useState(doc);
  return (
    <PartForm
      info={info}
      split={split}
      part={part}
      value={partValue(current, split, part)}
      problems={fieldProblems(liveProblems(info, current, text), problems, info.path)}
      onFocused={() => {}}
      onChange={(value) => {
        changes.push(value);
        setCurrent(withPart(current, split, part, value));
      }}
      itemCount={0}
    />
  );
}

/** The form of one part of a real config file. */
function renderPart(file: string, part: Part, problems: Problem[] = []) {
  const text = readFileSync(path.join(realSiteRoot, file), "utf8");
  const doc = JSON.parse(text);
  const info = describeFile(`site-config/${file}`, doc) as ConfigFileInfo;
  const split = splitOf(info, doc, text.length);
  const changes: unknown[] = [];
  const props = { info, split, part, doc, text, problems, changes };
  return { ...render(<Harness {...props} />), changes, doc };
}

afterEach(cleanup);

describe("the form of a config file", () => {
  it("labels fields with the schema's titles and shows descriptions as help", () => {
    renderPart("navigation.json", { kind: "whole" });
    expect(screen.getByLabelText("Emergency label*")).toHaveValue("24/7 Emergency");
    expect(screen.getByText("The text of the button that opens the booking modal.")).toBeInTheDocument();
    expect(document.getElementById("root_$schema")).toHaveAttribute("type", "hidden");
  });

  it("heads each list entry with its own name, not only its kind", () => {
    renderPart("navigation.json", { kind: "whole" });
    const headings = [
      ...document.querySelectorAll("fieldset > legend, fieldset > h5, fieldset .rjsf-title, fieldset > div > legend"),
    ].map((e) => e.textContent?.replace(/\*$/, "").trim());
    expect(headings).toContain("Menu entry ‘Home’");
    expect(headings.filter((h) => h === "Menu entry")).toEqual([]);
  });

  it("shows long text as a text area and a choice of values as a select", () => {
    renderPart("footer.json", { kind: "whole" });
    expect(document.getElementById("root_about_text")?.tagName).toBe("TEXTAREA");
    renderPart("pages/home.json", { kind: "item", index: 1 });
    const icon = document.getElementById("root_cards_0_icon");
    expect(icon?.tagName).toBe("SELECT");
    expect([...(icon as HTMLSelectElement).options].map((o) => o.textContent)).toContain("stethoscope");
  });

  it("offers add, remove and reorder on lists", () => {
    renderPart("navigation.json", { kind: "whole" });
    // Role queries are slow on a form this size; the buttons' text and titles say the same.
    expect(screen.getAllByText("+ Add").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Remove").length).toBeGreaterThan(0);
    expect(screen.getAllByTitle("Move up").length).toBeGreaterThan(0);
    expect(screen.getAllByTitle("Move down").length).toBeGreaterThan(0);
  });

  it("reports nothing until the person changes something, then exactly their change", () => {
    const { changes, doc } = renderPart("navigation.json", { kind: "whole" });
    expect(changes).toEqual([]);
    fireEvent.change(document.getElementById("root_items_1_label") as HTMLElement, { target: { value: "Who We Are" } });
    const expected = structuredClone(doc);
    expected.items[1].label = "Who We Are";
    expect(JSON.parse(JSON.stringify(changes.at(-1)))).toEqual(expected);
  });

  it("shows a live error at a field emptied by the person", () => {
    renderPart("navigation.json", { kind: "whole" });
    fireEvent.change(document.getElementById("root_topBar_callLabel") as HTMLElement, { target: { value: "" } });
    expect(screen.getByText("Fill in 'Call label': this top bar needs it.")).toBeInTheDocument();
  });

  it("shows the server's problems at their fields", () => {
    const problem = { file: "site-config/pages/home.json", line: 1, column: 1, name: "UnknownRoute", hint: null };
    renderPart("pages/home.json", { kind: "item", index: 3 }, [
      {
        ...problem,
        pointer: "/blocks/3/button/route",
        message: "The route '/x' is not a page of this site.",
        severity: "error",
      },
      { ...problem, pointer: "/blocks/2/title", message: "Not this part.", severity: "error" },
      {
        ...problem,
        file: "site-config/footer.json",
        pointer: "/blocks/3/button/route",
        message: "Not this file.",
        severity: "error",
      },
    ]);
    expect(screen.getByText("The route '/x' is not a page of this site.")).toBeInTheDocument();
    expect(screen.queryByText("Not this part.")).toBeNull();
    expect(screen.queryByText("Not this file.")).toBeNull();
  });

  it("moves a treatment's page path and canonical address along with its slug", () => {
    const { changes } = renderPart("collections/orthopedics-sub-departments.json", { kind: "item", index: 1 });
    fireEvent.change(document.getElementById("root_slug") as HTMLElement, { target: { value: "knee-replacement" } });
    expect(changes.at(-1)).toMatchObject({
      slug: "knee-replacement",
      url: "/specialities/orthopedics/knee-replacement",
      canonical_url: "https://www.hospitals.example/specialities/orthopedics/knee-replacement",
    });
  });
});
