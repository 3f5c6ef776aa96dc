// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { branches, specialities } from "../../src/site/config/site-config";
import { recordingActions, renderBlocks } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

describe("hero block", () => {
  it("shows the H1, the calls to action (the first one accented) and the 24x7 emergency number", async () => {
    const actions = recordingActions();
    renderBlocks(
      [
        {
          type: "hero",
          title: "Care close to home",
          intro: "Six hospitals.",
          actions: [
            { label: "Book an Appointment", action: "booking-modal", icon: "calendar" },
            { label: "Find a Doctor", route: "/our-doctors" },
          ],
          emergencyLabel: "24x7 Emergency:",
          highlights: [{ icon: "ambulance", text: "Emergency care 24x7" }],
          image: { src: "/images/home/hero.svg", alt: "", width: 640, height: 480 },
        },
      ],
      { actions },
    );
    expect(screen.getByRole("heading", { level: 1, name: "Care close to home" })).toBeInTheDocument();
    const book = screen.getByRole("button", { name: "Book an Appointment" });
    expect(book).toHaveClass("button--accent");
    await userEvent.click(book);
    expect(actions.calls).toEqual(["booking-modal"]);
    expect(screen.getByRole("link", { name: "Find a Doctor" })).toHaveAttribute("href", "/our-doctors");
    expect(screen.getByRole("link", { name: "+91 40 0000 0000" })).toHaveAttribute("href", "tel:+914000000000");
    expect(screen.getByText("24x7 Emergency:")).toBeInTheDocument();
    expect(screen.getByText("Emergency care 24x7")).toBeInTheDocument();
  });

  it("leaves out the emergency line, highlights and image when not configured", () => {
    const { container } = renderBlocks([{ type: "hero", title: "Hi", actions: [{ label: "Go", route: "/home" }] }]);
    expect(container.querySelector(".hero__emergency, .hero__highlights, img")).toBeNull();
  });
});

describe("speciality grid block", () => {
  it("links every speciality to its page, with summaries in the detailed variant", () => {
    renderBlocks([{ type: "speciality-grid", title: "Specialities" }]);
    const links = screen.getAllByRole("link");
    expect(links.map((a) => a.getAttribute("href"))).toEqual(specialities.map((s) => `/specialities/${s.slug}`));
    expect(screen.getByText(specialities[0].summary)).toBeInTheDocument();
    expect(screen.getAllByText("Treatment guides available")).toHaveLength(
      specialities.filter((s) => s.treatments).length,
    );
  });

  it("shows names only in the compact variant, with its link under the tiles", () => {
    renderBlocks([
      { type: "speciality-grid", variant: "compact", link: { label: "All specialities", route: "/specialities" } },
    ]);
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(specialities.length);
    expect(screen.queryByText(specialities[0].summary)).toBeNull();
    expect(screen.getByRole("link", { name: "All specialities" })).toHaveAttribute("href", "/specialities");
  });
});

describe("branch list block", () => {
  it("shows every branch with its city and a link to its page", () => {
    renderBlocks([{ type: "branch-list", title: "Our hospitals" }]);
    const cards = screen.getAllByRole("listitem");
    expect(cards).toHaveLength(branches.length);
    const vizag = within(cards[branches.findIndex((b) => b.slug === "vizag")]);
    expect(vizag.getByRole("link", { name: "Vizag" })).toHaveAttribute("href", "/locations/vizag");
    expect(vizag.getByText(/Visakhapatnam, Andhra Pradesh/)).toBeInTheDocument();
  });

  it("leaves out the current branch on a branch page, and the images when asked", () => {
    const { container } = renderBlocks([{ type: "branch-list", showImages: false }], {
      entry: { kind: "branches", entry: branches[0] },
    });
    expect(screen.getAllByRole("listitem")).toHaveLength(branches.length - 1);
    expect(screen.queryByRole("link", { name: branches[0].name })).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });
});
