// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { site } from "../../src/site/config/site-config";
import { installDialogPolyfill, renderLayout, withFakeTimers, withRealTimers } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(() => {
  cleanup();
  withRealTimers();
});

const locationsButton = () =>
  within(screen.getByRole("navigation", { name: "Main navigation" })).getByRole("button", { name: "Locations" });

describe("locations modal", () => {
  it("shows the six branch cards with name, city and a sized image, linking to /locations/{slug}", async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(locationsButton());
    const dialog = await screen.findByRole("dialog", { name: "Choose a branch" });
    const cards = within(dialog).getAllByRole("link");
    expect(cards.map((card) => [card.textContent, card.getAttribute("href")])).toEqual([
      ["Kothapet Hyderabad", "/locations/kothapet"],
      ["Kukatpally Hyderabad", "/locations/kukatpally"],
      ["UDAI OMNI - Nampally Hyderabad", "/locations/udai-omni-nampally"],
      ["Vizag Visakhapatnam", "/locations/vizag"],
      ["Giggles Vizag Visakhapatnam", "/locations/giggles-vizag"],
      ["Kurnool Kurnool", "/locations/kurnool"],
    ]);
    for (const card of cards) {
      const img = card.querySelector("img");
      expect(img?.getAttribute("src")).toMatch(/^\/images\/branches\/.+\.svg$/);
      expect(img).toHaveAttribute("width", "640");
      expect(img).toHaveAttribute("height", "360");
    }
    expect(within(dialog).getByRole("link", { name: "Kukatpally Hyderabad" })).toBeVisible();
  });

  it("closes at once, navigates nowhere before 300 ms, and goes to the branch at 300 ms", async () => {
    const user = withFakeTimers();
    const { path } = renderLayout();
    await user.click(locationsButton());
    const dialog = await screen.findByRole("dialog", { name: "Choose a branch" });
    await user.click(within(dialog).getByRole("link", { name: "UDAI OMNI - Nampally Hyderabad" }));

    expect(dialog).not.toHaveAttribute("open");
    expect(locationsButton()).toHaveFocus();
    expect(site.branchModalDelayMs).toBe(300);
    act(() => vi.advanceTimersByTime(299));
    expect(path()).toBe("/home");
    await act(async () => vi.advanceTimersByTime(1));
    expect(path()).toBe("/locations/udai-omni-nampally");
    expect(screen.getByTestId("path")).toHaveTextContent("/locations/udai-omni-nampally");
  });

  it("leaves modified clicks (open in a new tab) to the browser", async () => {
    const user = withFakeTimers();
    const { path } = renderLayout();
    await user.click(locationsButton());
    const dialog = await screen.findByRole("dialog", { name: "Choose a branch" });
    const card = within(dialog).getByRole("link", { name: "Kurnool Kurnool" });
    // Record whether the layout left the click to the browser, then stop jsdom from "opening a tab".
    let leftToBrowser = false;
    document.addEventListener(
      "click",
      (event) => {
        leftToBrowser = !event.defaultPrevented;
        event.preventDefault();
      },
      { once: true },
    );
    fireEvent(card, new MouseEvent("click", { bubbles: true, cancelable: true, ctrlKey: true, button: 0 }));
    expect(leftToBrowser).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(dialog).toHaveAttribute("open");
    expect(path()).toBe("/home");
  });
});
