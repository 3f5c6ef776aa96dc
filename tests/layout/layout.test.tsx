// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDialogPolyfill, renderLayout } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(cleanup);

describe("layout", () => {
  it("starts with a skip link to the page's <main>, which takes focus", async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute("href", "#main");
    const main = screen.getByRole("main");
    expect(main).toHaveAttribute("id", "main");
    expect(main).toHaveAttribute("tabindex", "-1");
    expect(within(main).getByTestId("path")).toHaveTextContent("/home");
  });

  it("puts the header before the page and the footer after it", () => {
    renderLayout();
    const [banner, main, footer] = [
      screen.getByRole("banner"),
      screen.getByRole("main"),
      screen.getByRole("contentinfo"),
    ];
    expect(banner.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("side buttons", () => {
  const side = () => document.querySelector(".side-buttons") as HTMLElement;

  it("opens the booking modal from 'Book an Appointment' and returns focus to it", async () => {
    const user = userEvent.setup();
    renderLayout();
    const book = within(side()).getByRole("button", { name: "Book an Appointment" });
    await user.click(book);
    const dialog = await screen.findByRole("dialog", { name: "Book an Appointment" });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(book).toHaveFocus();
  });

  it("links 'Call for Enquiry' to the 24x7 number", () => {
    renderLayout();
    expect(within(side()).getByRole("link", { name: "Call for Enquiry" })).toHaveAttribute("href", "tel:+914000000000");
  });
});

describe("mobile bottom bar", () => {
  const bar = () => screen.getByRole("navigation", { name: "Quick actions" });

  it("has Appointment, Second Opinion, Packages and Call, in that order", () => {
    renderLayout();
    const entries = within(bar()).getAllByRole("listitem");
    expect(entries.map((li) => li.textContent)).toEqual(["Appointment", "Second Opinion", "Packages", "Call"]);
    expect(within(bar()).getByRole("link", { name: "Second Opinion" })).toHaveAttribute(
      "href",
      "/get-a-second-opinion",
    );
    expect(within(bar()).getByRole("link", { name: "Packages" })).toHaveAttribute("href", "/health-checkup");
    expect(within(bar()).getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+914000000000");
  });

  it("opens the booking modal from 'Appointment'", async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(within(bar()).getByRole("button", { name: "Appointment" }));
    expect(await screen.findByRole("dialog", { name: "Book an Appointment" })).toHaveAttribute("open");
  });
});
