// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import blockUnion from "../../schemas/blocks/block.schema.json";
import type { Block } from "../../src/shared/generated/blocks/block";
import { BlockList } from "../../src/site/blocks/BlockList";
import { registry } from "../../src/site/blocks/registry";
import { MemoryRouter } from "../../src/site/router/router";

vi.mock("../../src/site/forms/LeadForm", () => ({ LeadForm: () => <div>form</div> }));

afterEach(() => vi.restoreAllMocks());

const source = { file: "site-config/pages/home.json", pointer: "/blocks" };

describe("block registry", () => {
  it("has exactly one component per block type the schemas define", () => {
    expect(Object.keys(registry).sort()).toEqual([...blockUnion.properties.type.enum].sort());
  });
});

describe("block walker", () => {
  it("renders blocks in order", () => {
    render(
      <MemoryRouter>
        <BlockList
          blocks={[
            { type: "heading", text: "First", level: 1 },
            { type: "rich-text", paragraphs: ["Second <strong>block</strong>"] },
          ]}
          source={source}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("First");
    expect(screen.getByText("block").tagName).toBe("STRONG");
  });

  it("shows 'Content Not Loaded' in place of a block that throws, logs its file and pointer, and renders the rest", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <MemoryRouter>
        <BlockList
          blocks={[
            { type: "heading", text: "Before", level: 2 },
            // A treatment block outside a treatment page throws.
            { type: "treatment-heading" },
            { type: "heading", text: "After", level: 2 },
          ]}
          source={source}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Before" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "After" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Content Not Loaded" })).toBeInTheDocument();
    expect(
      screen.getByText("Sub-department data is not loading properly. Please check the console for errors."),
    ).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      "Block 'treatment-heading' in site-config/pages/home.json at /blocks/1 failed to render; showing 'Content Not Loaded' in its place.",
      expect.any(Error),
    );
  });

  it("shows 'Content Not Loaded' for a block type with no component and names it", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <MemoryRouter>
        <BlockList blocks={[{ type: "heroo" } as unknown as Block]} source={source} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Content Not Loaded" })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(
      "Unknown block type 'heroo' in site-config/pages/home.json at /blocks/0. Add a component for it in src/site/blocks/registry.ts.",
    );
  });
});
