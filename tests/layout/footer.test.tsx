// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { footer, site } from "../../src/site/config/site-config";
import { Footer } from "../../src/site/layout/footer/Footer";
import { MemoryRouter } from "../../src/site/router/router";

afterEach(cleanup);

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByRole("contentinfo");
}

const hrefs = (root: HTMLElement) =>
  within(root)
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href")]);

describe("footer", () => {
  it("shows the about text", () => {
    const el = renderFooter();
    expect(within(el).getByRole("heading", { name: "About us" })).toBeVisible();
    expect(el).toHaveTextContent(footer.about.text);
  });

  it("links the 24x7 number, the e-mail address and the chat app with the prefilled message", () => {
    const el = renderFooter();
    expect(within(el).getByRole("link", { name: "24/7 Emergency +91 40 0000 0000" })).toHaveAttribute(
      "href",
      "tel:+914000000000",
    );
    expect(within(el).getByRole("link", { name: "care@hospitals.example" })).toHaveAttribute(
      "href",
      "mailto:care@hospitals.example",
    );
    const chat = within(el).getByRole("link", { name: "WhatsApp (opens in a new tab)" });
    expect(chat).toHaveAttribute(
      "href",
      "https://wa.me/914000000000?text=Hello%2C%20I%20would%20like%20to%20get%20more%20information%20about%20your%20services.",
    );
    expect(new URL(chat.getAttribute("href") ?? "").searchParams.get("text")).toBe(
      "Hello, I would like to get more information about your services.",
    );
    expect(chat).toHaveAttribute("target", "_blank");
    expect(chat.getAttribute("rel")).toContain("noopener");
  });

  it("links every social network by an accessible name, in a new tab", () => {
    const el = renderFooter();
    const list = within(el).getByRole("list", { name: "Social media" });
    const links = within(list).getAllByRole("link");
    expect(links).toHaveLength(site.social.length);
    site.social.forEach((social, i) => {
      expect(links[i]).toHaveAccessibleName(`${social.label} (opens in a new tab)`);
      expect(links[i]).toHaveAttribute("href", social.href);
      expect(links[i]).toHaveAttribute("target", "_blank");
      expect(links[i].getAttribute("rel")).toContain("noopener");
      expect(links[i].querySelector("svg")).not.toBeNull();
    });
  });

  it("links the 14 specialities to /specialities/{slug of the name}", () => {
    const el = renderFooter();
    const nav = within(el).getByRole("navigation", { name: "Specialities" });
    expect(hrefs(nav)).toEqual([
      ["Cardiology", "/specialities/cardiology"],
      ["Orthopedic", "/specialities/orthopedic"],
      ["Neurology", "/specialities/neurology"],
      ["Emergency Medicine", "/specialities/emergency-medicine"],
      ["General Medicine", "/specialities/general-medicine"],
      ["General Surgery", "/specialities/general-surgery"],
      ["Gastroenterology", "/specialities/gastroenterology"],
      ["Obstetrics Gynaecology", "/specialities/obstetrics-gynaecology"],
      ["ENT", "/specialities/ent"],
      ["Nephrology", "/specialities/nephrology"],
      ["Pulmonology", "/specialities/pulmonology"],
      ["Dermatology", "/specialities/dermatology"],
      ["Psychiatry", "/specialities/psychiatry"],
      ["Plastic Surgery", "/specialities/plastic-surgery"],
    ]);
  });

  it("links the hospital and patient-service lists to their routes", () => {
    const el = renderFooter();
    expect(hrefs(within(el).getByRole("navigation", { name: "Hospital" }))).toEqual([
      ["About us", "/about-us"],
      ["Leadership team", "/about-us/leadership-team"],
      ["Our empanelment", "/our-empanelment"],
      ["Careers", "/careers"],
      ["News & media", "/news-media"],
      ["Blogs", "/blogs"],
    ]);
    expect(hrefs(within(el).getByRole("navigation", { name: "Patient services" }))).toEqual([
      ["Find a doctor", "/our-doctors"],
      ["Book an appointment", "/book-an-appointment"],
      ["Get a second opinion", "/get-a-second-opinion"],
      ["Health checkup packages", "/health-checkup"],
      ["Feedback", "/feedback"],
      ["Contact us", "/contact-us"],
    ]);
  });

  it("links the Vizag children's hospital in a new tab without giving it the opener", () => {
    const el = renderFooter();
    const link = within(el).getByRole("link", { name: "Giggles children's hospital, Vizag (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "https://children.hospitals.example/");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("ends with the legal links and the year from config", () => {
    const el = renderFooter();
    expect(hrefs(within(el).getByRole("navigation", { name: "Legal" }))).toEqual([
      ["Terms & Conditions", "/terms-conditions"],
      ["Privacy Policy", "/privacy-polocy"],
    ]);
    expect(el).toHaveTextContent("© 2025 Sample Multi-Specialty Hospitals");
  });
});
