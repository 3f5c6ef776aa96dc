// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { forms } from "../../src/site/config/forms";
import { branches } from "../../src/site/config/site-config";
import { renderBlocks } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

describe("people grid block", () => {
  it("shows each person's name, role and biography, marking sample profiles", () => {
    renderBlocks([
      {
        type: "people-grid",
        title: "Leadership",
        people: [
          { name: "Dr. Suresh Example", role: "Medical Director", bio: "Leads the doctors.", sample: true },
          { name: "Ms. Real Person", role: "Chief Executive Officer", sample: false },
        ],
      },
    ]);
    const [first, second] = screen.getAllByRole("listitem");
    expect(within(first).getByRole("heading", { name: "Dr. Suresh Example" })).toBeInTheDocument();
    expect(within(first).getByText("Medical Director")).toBeInTheDocument();
    expect(within(first).getByText("Leads the doctors.")).toBeInTheDocument();
    expect(within(first).getByText("Sample profile")).toBeInTheDocument();
    expect(within(second).queryByText("Sample profile")).toBeNull();
  });
});

describe("news list block", () => {
  it("shows items newest first with their dates, links and sample marks", () => {
    renderBlocks([
      {
        type: "news-list",
        emptyMessage: "No news yet.",
        items: [
          { date: "2025-01-10", title: "Older", summary: "A.", sample: false },
          {
            date: "2025-06-05",
            title: "Newer",
            summary: "B.",
            link: { label: "Read more", route: "/blogs" },
            sample: true,
          },
        ],
      },
    ]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual(["Newer", "Older"]);
    const newer = screen.getAllByRole("listitem")[0];
    expect(within(newer).getByText("5 June 2025")).toHaveAttribute("datetime", "2025-06-05");
    expect(within(newer).getByRole("link", { name: "Read more" })).toHaveAttribute("href", "/blogs");
    expect(within(newer).getByText("Sample item")).toBeInTheDocument();
  });

  it("shows its message when there are no items", () => {
    renderBlocks([{ type: "news-list", emptyMessage: "No news yet.", items: [] }]);
    expect(screen.getByText("No news yet.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).toBeNull();
  });
});

describe("contact details block", () => {
  it("shows the 24x7 number, e-mail and chat link from site.json", () => {
    renderBlocks([{ type: "contact-details", title: "Reach us" }]);
    expect(screen.getByRole("link", { name: "+91 40 0000 0000" })).toHaveAttribute("href", "tel:+914000000000");
    expect(screen.getByRole("link", { name: "care@hospitals.example" })).toHaveAttribute(
      "href",
      "mailto:care@hospitals.example",
    );
    expect(screen.getByRole("link", { name: "Chat with us" }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\//);
    expect(screen.queryByRole("heading", { name: "Our branches" })).toBeNull();
  });

  it("lists the branches, not giving a sample phone number as if it were confirmed", () => {
    renderBlocks([{ type: "contact-details", showBranches: true }]);
    for (const branch of branches) {
      const link = screen.getByRole("link", { name: branch.name });
      expect(link).toHaveAttribute("href", `/locations/${branch.slug}`);
      const item = link.closest("li") as HTMLElement;
      if (branch.sample) expect(within(item).getByText(/being confirmed/)).toBeInTheDocument();
      else expect(within(item).getByRole("link", { name: branch.phoneDisplay })).toBeInTheDocument();
    }
  });
});

describe("form data notice block", () => {
  it("lists each form's fields from its own config, with why they are collected", () => {
    renderBlocks([
      {
        type: "form-data-notice",
        title: "Each form, and why we ask",
        forms: [
          { form: "feedback", purpose: "To look into your experience." },
          { form: "package-booking", label: "Health checkup booking", purpose: "To confirm your package." },
        ],
      },
    ]);
    const table = screen.getByRole("table", { name: "Each form, and why we ask" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const feedback = forms.feedback;
    expect(within(rows[0]).getByRole("rowheader")).toHaveTextContent(feedback.title ?? "");
    expect(rows[0]).toHaveTextContent(feedback.fields.map((f) => f.label).join(", "));
    expect(rows[0]).toHaveTextContent("To look into your experience.");
    expect(within(rows[1]).getByRole("rowheader")).toHaveTextContent("Health checkup booking");
    expect(rows[1]).toHaveTextContent("Preferred date");
  });

  it("fails in place (Content Not Loaded) for a form that does not exist", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderBlocks([{ type: "form-data-notice", forms: [{ form: "nope", purpose: "x" }] }]);
    expect(screen.getByText("Content Not Loaded")).toBeInTheDocument();
    error.mockRestore();
  });
});
