// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { site } from "../../src/site/config/site-config";
import { installDialogPolyfill, renderLayout, scrollTo } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  scrollTo(0);
  vi.restoreAllMocks();
});

const nav = () => screen.getByRole("navigation", { name: "Main navigation" });
const navLogo = () => within(nav()).queryByRole("link", { name: site.logo.alt });

describe("fixed navigation bar", () => {
  it("is not fixed and shows no logo at the top of the page", () => {
    renderLayout();
    expect(nav()).not.toHaveClass("nav--fixed");
    expect(navLogo()).toBeNull();
  });

  it("stays in place at exactly the 50 px threshold and becomes fixed with the logo past it", () => {
    renderLayout();
    expect(site.scrollThresholdPx).toBe(50);
    scrollTo(50);
    expect(nav()).not.toHaveClass("nav--fixed");
    scrollTo(51);
    expect(nav()).toHaveClass("nav--fixed");
    expect(navLogo()).toHaveAttribute("href", "/home");
    scrollTo(10);
    expect(nav()).not.toHaveClass("nav--fixed");
    expect(navLogo()).toBeNull();
  });

  it("is fixed on a page that loads already scrolled", () => {
    scrollTo(400);
    renderLayout();
    expect(nav()).toHaveClass("nav--fixed");
  });

  it("keeps its place in the flow with a slot, so the page does not jump", () => {
    renderLayout();
    scrollTo(200);
    expect(nav().parentElement).toHaveClass("nav-slot");
    expect(screen.getByRole("banner")).toContainElement(nav().parentElement);
  });
});

describe("back to top", () => {
  it("appears after a screen's height of scrolling", () => {
    renderLayout();
    expect(screen.queryByRole("button", { name: "Back to top" })).toBeNull();
    scrollTo(window.innerHeight + 1);
    expect(screen.getByRole("button", { name: "Back to top" })).toBeVisible();
  });

  it("scrolls to the top and puts focus at the start of the page, before the skip link", async () => {
    const user = userEvent.setup();
    const scroll = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    renderLayout();
    scrollTo(2000);
    await user.click(screen.getByRole("button", { name: "Back to top" }));
    expect(scroll).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    expect(document.activeElement).toHaveClass("site__top");
    await user.tab();
    expect(screen.getByRole("link", { name: "Skip to main content" })).toHaveFocus();
  });
});
