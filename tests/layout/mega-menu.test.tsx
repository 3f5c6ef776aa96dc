// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HOVER_CLOSE_DELAY_MS } from "../../src/site/layout/header/MainNav";
import { MegaMenu } from "../../src/site/layout/mega-menu/MegaMenu";
import { MemoryRouter } from "../../src/site/router/router";
import { installDialogPolyfill, renderLayout, withFakeTimers, withRealTimers } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  withRealTimers();
});

const nav = () => screen.getByRole("navigation", { name: "Main navigation" });
const trigger = (name: string) => within(nav()).getByRole("button", { name });
const panelOf = (button: HTMLElement) =>
  document.getElementById(button.getAttribute("aria-controls") ?? "") as HTMLElement;

describe("mega-menu by keyboard", () => {
  it("opens with Enter, lets Tab walk the entries, and closes with Escape back on the trigger", async () => {
    const user = userEvent.setup();
    renderLayout();
    const about = trigger("About us");
    about.focus();
    await user.keyboard("{Enter}");
    expect(about).toHaveAttribute("aria-expanded", "true");
    expect(panelOf(about)).toBeVisible();
    expect(about).toHaveFocus();

    await user.tab();
    expect(within(panelOf(about)).getByRole("link", { name: "About the group" })).toHaveFocus();
    await user.tab();
    expect(within(panelOf(about)).getByRole("link", { name: "Leadership team" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(about).toHaveAttribute("aria-expanded", "false");
    expect(panelOf(about)).not.toBeVisible();
    expect(about).toHaveFocus();
  });

  it("toggles with Space", async () => {
    const user = userEvent.setup();
    renderLayout();
    const specialities = trigger("Specialities");
    specialities.focus();
    await user.keyboard(" ");
    expect(specialities).toHaveAttribute("aria-expanded", "true");
    await user.keyboard(" ");
    expect(specialities).toHaveAttribute("aria-expanded", "false");
  });

  it("opens with ArrowDown on the first entry, and arrows move and wrap through the panel", async () => {
    const user = userEvent.setup();
    renderLayout();
    const specialities = trigger("Specialities");
    specialities.focus();
    await user.keyboard("{ArrowDown}");
    expect(specialities).toHaveAttribute("aria-expanded", "true");
    const panel = panelOf(specialities);
    expect(within(panel).getByRole("link", { name: "Specialities" })).toHaveFocus();
    await user.keyboard("{ArrowDown}");
    expect(within(panel).getByRole("link", { name: "Cardiology" })).toHaveFocus();
    await user.keyboard("{ArrowUp}{ArrowUp}");
    expect(within(panel).getByRole("link", { name: "Health Packages" })).toHaveFocus();
    await user.keyboard("{Home}");
    expect(within(panel).getByRole("link", { name: "Specialities" })).toHaveFocus();
  });

  it("closes when Tab leaves the menu", async () => {
    const user = userEvent.setup();
    renderLayout();
    const about = trigger("About us");
    about.focus();
    await user.keyboard("{ArrowUp}");
    expect(within(panelOf(about)).getByRole("link", { name: "Health Packages" })).toHaveFocus();
    await user.tab();
    expect(trigger("Specialities")).toHaveFocus();
    expect(about).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps one menu open at a time", async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(trigger("About us"));
    await user.click(trigger("Specialities"));
    expect(trigger("About us")).toHaveAttribute("aria-expanded", "false");
    expect(trigger("Specialities")).toHaveAttribute("aria-expanded", "true");
  });

  it("closes when an entry is chosen and the page changes", async () => {
    const user = userEvent.setup();
    const { path } = renderLayout();
    await user.click(trigger("Specialities"));
    await user.click(within(panelOf(trigger("Specialities"))).getByRole("link", { name: "Neurology" }));
    expect(path()).toBe("/specialities/neurology");
    expect(trigger("Specialities")).toHaveAttribute("aria-expanded", "false");
  });
});

describe("mega-menu by mouse and touch", () => {
  it("opens on hover and closes only after the delay once the mouse leaves", async () => {
    const user = withFakeTimers();
    renderLayout();
    const about = trigger("About us");
    await user.hover(about);
    expect(about).toHaveAttribute("aria-expanded", "true");

    await user.unhover(about);
    act(() => vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS - 1));
    expect(about).toHaveAttribute("aria-expanded", "true");
    act(() => vi.advanceTimersByTime(1));
    expect(about).toHaveAttribute("aria-expanded", "false");
  });

  it("stays open while the mouse moves from the trigger into the panel", async () => {
    const user = withFakeTimers();
    renderLayout();
    const specialities = trigger("Specialities");
    await user.hover(specialities);
    await user.hover(within(panelOf(specialities)).getByRole("link", { name: "Dermatology" }));
    act(() => vi.advanceTimersByTime(HOVER_CLOSE_DELAY_MS * 3));
    expect(specialities).toHaveAttribute("aria-expanded", "true");
  });

  it("keeps a hover-opened menu open when the same mouse clicks the trigger", async () => {
    const user = userEvent.setup();
    renderLayout();
    const about = trigger("About us");
    await user.hover(about);
    await user.click(about);
    expect(about).toHaveAttribute("aria-expanded", "true");
    await user.click(about);
    expect(about).toHaveAttribute("aria-expanded", "false");
  });

  it("toggles on tap without hover", async () => {
    const user = userEvent.setup();
    renderLayout();
    const about = trigger("About us");
    await user.pointer({ keys: "[TouchA]", target: about });
    expect(about).toHaveAttribute("aria-expanded", "true");
    await user.pointer({ keys: "[TouchA]", target: about });
    expect(about).toHaveAttribute("aria-expanded", "false");
  });

  it("closes on a click outside the navigation", async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(trigger("About us"));
    await user.click(screen.getByTestId("path"));
    expect(trigger("About us")).toHaveAttribute("aria-expanded", "false");
  });
});

describe("mega-menu entries", () => {
  it("shows an entry's picture when it has one", () => {
    render(
      <MemoryRouter>
        <ul>
          <MegaMenu
            item={{
              key: "services",
              label: "Services",
              route: "/services",
              children: [
                { id: "lab", label: "Laboratory", route: "/services/lab", img: "/images/lab.jpg" },
                { id: "pharmacy", label: "Pharmacy", route: "/services/pharmacy" },
              ],
            }}
            infoItems={[]}
            open
            active={false}
            pathname="/services/lab"
            onTriggerClick={() => {}}
            onOpen={() => {}}
            onClose={() => {}}
            onMouseEnter={() => {}}
            onMouseLeave={() => {}}
          />
        </ul>
      </MemoryRouter>,
    );
    const lab = screen.getByRole("link", { name: "Laboratory" });
    expect(lab.querySelector("img")).toHaveAttribute("src", "/images/lab.jpg");
    expect(lab).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Pharmacy" }).querySelector("img")).toBeNull();
    expect(screen.getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services");
    expect(screen.queryByRole("list", { name: "Quick links" })).not.toBeInTheDocument();
  });
});
