// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { HealthPackagesBlock } from "../../src/shared/generated/blocks/health-packages";
import { blockWords } from "../../src/site/config/block-words";

const samplePackagesNote = blockWords.healthPackages.sampleNote;

import { healthPackages } from "../../src/site/config/content";
import { forms } from "../../src/site/config/forms";
import { renderBlocks } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

const full: HealthPackagesBlock = {
  type: "health-packages",
  title: "Packages",
  priceNote: "Indicative price — confirm at booking",
  form: "package-booking",
};

const cardOf = (name: string) => screen.getByRole("heading", { level: 3, name }).closest("li") as HTMLElement;

describe("health packages", () => {
  it("shows every package with its price in rupees and the price note", () => {
    renderBlocks([full]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(
      healthPackages.map((p) => p.name),
    );
    const card = cardOf("Comprehensive Health Checkup");
    expect(within(card).getByText("₹4,999")).toBeInTheDocument();
    expect(within(card).getByText("Indicative price — confirm at booking")).toBeInTheDocument();
    expect(within(card).getByText("Most chosen")).toBeInTheDocument();
  });

  it("lists what each package includes and how to prepare", () => {
    renderBlocks([full]);
    for (const pkg of healthPackages) {
      const card = cardOf(pkg.name);
      const items = within(card)
        .getAllByRole("listitem")
        .map((li) => li.textContent?.trim());
      expect(items).toEqual(pkg.includes);
      if (pkg.preparation) expect(within(card).getByText(pkg.preparation)).toBeInTheDocument();
    }
  });

  it("never shows sample prices as final: each sample package is marked and the list carries a note", () => {
    renderBlocks([full]);
    expect(screen.getByText(samplePackagesNote)).toBeInTheDocument();
    for (const pkg of healthPackages.filter((p) => p.sample)) {
      expect(within(cardOf(pkg.name)).getByText("Sample package")).toBeInTheDocument();
    }
  });

  it("shows the booking form below the packages, each package's button leading to it", () => {
    const { container } = renderBlocks([full]);
    const form = screen.getByTestId("lead-form");
    expect(form).toHaveAttribute("data-form", "package-booking");
    const anchor = container.querySelector("#book-package-booking");
    expect(anchor).toContainElement(form);
    const book = within(cardOf("Basic Health Checkup")).getByRole("link", {
      name: "Book this package: Basic Health Checkup",
    });
    expect(book).toHaveAttribute("href", "#book-package-booking");
  });

  it("chooses the package in the booking form and moves the focus there", async () => {
    Element.prototype.scrollIntoView = () => {};
    renderBlocks([full]);
    await userEvent.click(screen.getByRole("link", { name: "Book this package: Cardiac Health Checkup" }));
    const select = screen.getByRole("combobox", { name: "Package" });
    expect(select).toHaveValue("Cardiac Health Checkup");
    expect(select).toHaveFocus();
  });

  it("as a teaser shows the first packages with price and size only, and no form", () => {
    renderBlocks([
      {
        type: "health-packages",
        variant: "teaser",
        limit: 2,
        priceNote: "Indicative price",
        link: { label: "See all packages", route: "/health-checkup" },
      },
    ]);
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(2);
    const first = healthPackages[0];
    expect(
      within(cardOf(first.name)).getByText(`${first.includes.length} tests and consultations`),
    ).toBeInTheDocument();
    expect(screen.queryByText("What it includes")).toBeNull();
    expect(screen.queryByTestId("lead-form")).toBeNull();
    expect(screen.getByRole("link", { name: "See all packages" })).toHaveAttribute("href", "/health-checkup");
  });
});

describe("packages config", () => {
  it("names only packages the package booking form offers, so a booking names its package", () => {
    const options = forms["package-booking"].fields.find((f) => f.type === "select")?.options ?? [];
    for (const pkg of healthPackages) expect(options).toContain(pkg.name);
  });
});
