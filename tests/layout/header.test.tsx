// @vitest-environment jsdom
import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { navigation, site } from "../../src/site/config/site-config";
import { activeItemKey, isRoutePrefix } from "../../src/site/layout/header/active-item";
import { installDialogPolyfill, renderLayout } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-mock"));

beforeAll(installDialogPolyfill);
afterEach(cleanup);

const header = () => screen.getByRole("banner");
const mainNav = () => screen.getByRole("navigation", { name: "Main navigation" });

describe("top bar", () => {
  it("links the logo home and shows it with the config's alt text and size", () => {
    renderLayout("/contact-us");
    const logo = within(header()).getAllByRole("link", { name: site.logo.alt })[0];
    expect(logo).toHaveAttribute("href", "/home");
    const img = within(logo).getByRole("img");
    expect(img).toHaveAttribute("src", site.logo.src);
    expect(img).toHaveAttribute("width", String(site.logo.width));
    expect(img).toHaveAttribute("height", String(site.logo.height));
  });

  it("links '24/7 Emergency' and 'Call {phone}' to the 24x7 number", () => {
    renderLayout();
    expect(within(header()).getByRole("link", { name: "24/7 Emergency" })).toHaveAttribute("href", "tel:+914000000000");
    expect(within(header()).getByRole("link", { name: "Call +91 40 0000 0000" })).toHaveAttribute(
      "href",
      "tel:+914000000000",
    );
  });

  it("opens the booking modal from 'Book Appointment'", async () => {
    const user = userEvent.setup();
    renderLayout();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.click(within(header()).getByRole("button", { name: "Book Appointment" }));
    const dialog = await screen.findByRole("dialog", { name: "Book an Appointment" });
    expect(within(dialog).getByRole("form", { name: "lead form booking" })).toHaveAttribute(
      "data-id-prefix",
      "booking-modal",
    );
  });

  it("shows the accreditation logo", () => {
    renderLayout();
    const img = within(header()).getByRole("img", { name: site.accreditationLogo.alt });
    expect(img).toHaveAttribute("src", "/images/accreditation.svg");
  });
});

describe("main navigation", () => {
  it("links every plain item to its route", () => {
    renderLayout();
    const expected = [
      ["Home", "/home"],
      ["Our doctors", "/our-doctors"],
      ["Health checkup", "/health-checkup"],
      ["Blogs", "/blogs"],
      ["Contact us", "/contact-us"],
    ];
    for (const [name, href] of expected) {
      expect(within(mainNav()).getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });

  it("gives each item with children a menu button controlling a panel with every entry", () => {
    renderLayout();
    for (const item of navigation.items.filter((i) => i.children)) {
      const trigger = within(mainNav()).getByRole("button", { name: item.label });
      expect(trigger).toHaveAttribute("aria-expanded", "false");
      const panel = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
      expect(panel).not.toBeNull();
      expect(panel).not.toBeVisible();
      for (const child of item.children ?? []) {
        expect(within(panel as HTMLElement).getByRole("link", { name: child.label, hidden: true })).toHaveAttribute(
          "href",
          child.route,
        );
      }
    }
  });

  it("lists the specialities' entries with the spec's routes, and an overview link to /specialities", () => {
    renderLayout();
    const panel = document.getElementById("mega-specialities") as HTMLElement;
    const hrefs = within(panel)
      .getAllByRole("link", { hidden: true })
      .map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual([
      "/specialities",
      "/specialities/cardiology",
      "/specialities/orthopedic",
      "/specialities/neurology",
      "/specialities/emergency-medicine",
      "/specialities/general-medicine",
      "/specialities/general-surgery",
      "/specialities/gastroenterology",
      "/specialities/obstetrics-gynaecology",
      "/specialities/ent",
      "/specialities/nephrology",
      "/specialities/pulmonology",
      "/specialities/dermatology",
      "/specialities/psychiatry",
      "/specialities/plastic-surgery",
      "/our-doctors",
      "/get-a-second-opinion",
      "/health-checkup",
    ]);
  });

  it("shows the info items with their icon, title and route in the menus", () => {
    renderLayout();
    const panel = document.getElementById("mega-about") as HTMLElement;
    const info = within(panel).getByRole("list", { name: "Quick links", hidden: true });
    const links = within(info).getAllByRole("link", { hidden: true });
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Find a Doctor", "/our-doctors"],
      ["Second Opinion", "/get-a-second-opinion"],
      ["Health Packages", "/health-checkup"],
    ]);
    for (const link of links) expect(link.querySelector("svg.icon")).not.toBeNull();
  });

  it("opens the locations modal from 'Locations'", async () => {
    const user = userEvent.setup();
    renderLayout();
    await user.click(within(mainNav()).getByRole("button", { name: "Locations" }));
    expect(await screen.findByRole("dialog", { name: "Choose a branch" })).toBeVisible();
  });
});

describe("active tab", () => {
  const current = () =>
    within(mainNav())
      .queryAllByRole("link")
      .concat(within(mainNav()).queryAllByRole("button"))
      .filter((el) => el.hasAttribute("aria-current"))
      .map((el) => [el.textContent, el.getAttribute("aria-current")]);

  it.each([
    ["/home", [["Home", "page"]]],
    ["/contact-us", [["Contact us", "page"]]],
    ["/specialities", [["Specialities", "true"]]],
    ["/specialities/cardiology/treatment-for-heart-failure-in-kukatpally", [["Specialities", "true"]]],
    ["/specialities/orthopedics/total-knee-replacement", [["Specialities", "true"]]],
    ["/about-us/leadership-team", [["About us", "true"]]],
    ["/our-empanelment", [["About us", "true"]]],
    ["/homeopathy", []],
    ["/locations/kukatpally", []],
  ])("on %s marks %j", (path, expected) => {
    renderLayout(path);
    expect(current()).toEqual(expected);
  });

  it("follows navigation", async () => {
    const { router } = renderLayout("/home");
    await act(() => router.navigate("/blogs"));
    expect(screen.getByTestId("path")).toHaveTextContent("/blogs");
    expect(current()).toEqual([["Blogs", "page"]]);
  });
});

describe("activeItemKey", () => {
  it("takes the longest whole-segment prefix among items and their entries", () => {
    expect(activeItemKey("/specialities/cardiology/x", navigation.items)).toBe("specialities");
    expect(activeItemKey("/careers", navigation.items)).toBe("about");
    expect(activeItemKey("/home/", navigation.items)).toBe("home");
    expect(activeItemKey("/", navigation.items)).toBeUndefined();
  });

  it("matches whole segments only", () => {
    expect(isRoutePrefix("/home", "/homeopathy")).toBe(false);
    expect(isRoutePrefix("/about-us", "/about-us/leadership-team")).toBe(true);
    expect(isRoutePrefix("/specialities/orthopedic", "/specialities/orthopedics/x")).toBe(false);
  });
});
