// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { navigation, site } from "../../src/site/config/site-config";
import { installDialogPolyfill, renderLayout } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(cleanup);

const menuButton = () =>
  within(screen.getByRole("navigation", { name: "Main navigation" })).getByRole("button", { name: "Menu" });

async function openMenu(path = "/home") {
  const user = userEvent.setup();
  const view = renderLayout(path);
  await user.click(menuButton());
  return { user, ...view, menu: screen.getByRole("dialog", { name: "Menu" }) };
}

describe("mobile menu", () => {
  it("opens from a menu button that reports its state and names the panel it controls", async () => {
    renderLayout();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById(menuButton().getAttribute("aria-controls") ?? "")?.tagName).toBe("DIALOG");
    const user = userEvent.setup();
    await user.click(menuButton());
    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(menu).toHaveAttribute("open");
    expect(menuButton()).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Home" })).toHaveFocus();
  });

  it("lists every item and, per group, every entry behind a button with aria-expanded", async () => {
    const { user, menu } = await openMenu();
    for (const item of navigation.items) {
      if (!item.children) {
        expect(within(menu).getByRole("link", { name: item.label })).toHaveAttribute("href", item.route);
        continue;
      }
      const toggle = within(menu).getByRole("button", { name: item.label });
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      const group = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
      expect(group).not.toBeVisible();
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "true");
      expect(group).toBeVisible();
      for (const child of item.children) {
        expect(within(group).getByRole("link", { name: child.label })).toHaveAttribute("href", child.route);
      }
      await user.click(toggle);
      expect(toggle).toHaveAttribute("aria-expanded", "false");
      expect(group).not.toBeVisible();
    }
  });

  it("shows the current page's group open, with the page marked", async () => {
    const { menu } = await openMenu("/specialities/cardiology");
    expect(within(menu).getByRole("button", { name: "Specialities" })).toHaveAttribute("aria-expanded", "true");
    expect(within(menu).getByRole("link", { name: "Cardiology" })).toHaveAttribute("aria-current", "page");
    expect(within(menu).getByRole("button", { name: "About us" })).toHaveAttribute("aria-expanded", "false");
  });

  it("keeps Tab inside and closes with Escape, focus back on the menu button", async () => {
    const { user, menu } = await openMenu();
    const logo = within(menu).getByRole("link", { name: site.logo.alt });
    const call = within(menu).getByRole("link", { name: `Call ${site.contact.phoneDisplay}` });
    expect(call).toHaveAttribute("href", "tel:+914000000000");
    call.focus();
    await user.tab();
    expect(logo).toHaveFocus();
    await user.tab({ shift: true });
    expect(call).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(menu).not.toHaveAttribute("open");
    expect(menuButton()).toHaveFocus();
    expect(menuButton()).toHaveAttribute("aria-expanded", "false");
  });

  it("closes when a link is chosen and the page changes", async () => {
    const { user, menu, path } = await openMenu();
    await user.click(within(menu).getByRole("link", { name: "Find a Doctor" }));
    expect(path()).toBe("/our-doctors");
    expect(menu).not.toHaveAttribute("open");
  });

  it("hands over to the booking modal, and focus comes back to the menu button after it", async () => {
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole("button", { name: "Book Appointment" }));
    expect(menu).not.toHaveAttribute("open");
    const booking = await screen.findByRole("dialog", { name: "Book an Appointment" });
    expect(within(booking).getByLabelText("Full name")).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(menuButton()).toHaveFocus();
  });

  it("hands over to the locations modal", async () => {
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole("button", { name: "Locations" }));
    expect(menu).not.toHaveAttribute("open");
    expect(await screen.findByRole("dialog", { name: "Choose a branch" })).toHaveAttribute("open");
  });
});
