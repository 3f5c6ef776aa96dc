// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearCollectionCache, setBuiltInLoader } from "../../src/site/collections/load";
import { builtInLoader, collections, dataFetch } from "../helpers/published-data";
import { renderTreatment } from "./render-helpers";

const cardiology = collections["cardiology-sub-departments.json"];
const orthopedics = collections["orthopedics-sub-departments.json"];
const fetched = () => fetchMock.mock.calls.map(([url]) => url);

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  clearCollectionCache();
  setBuiltInLoader(builtInLoader());
  fetchMock = dataFetch();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  document.head.innerHTML = "";
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const knee = "/specialities/orthopedics/total-knee-replacement";

describe("treatment page", () => {
  it("shows the blocks in the spec's order", async () => {
    const { container } = renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1 });
    const order = [
      ...container.querySelectorAll(
        ".cta-banner, .treatment-hero, h1, .treatment-sections, .bullet-groups, .why-choose-us, .accordion, .source-credit",
      ),
    ].map((el) => el.className || el.tagName);
    expect(order.map((c) => c.split(" ")[0])).toEqual([
      "cta-banner",
      "treatment-hero",
      "H1",
      "treatment-sections",
      "bullet-groups",
      "why-choose-us",
      "accordion",
      "source-credit",
    ]);
  });

  it("has a second-opinion strip with 'Get it Now' to /get-a-second-opinion", async () => {
    renderTreatment("orthopedics", knee);
    const link = await screen.findByRole("link", { name: "Get it Now" });
    expect(link).toHaveAttribute("href", "/get-a-second-opinion");
  });

  it("titles the appointment form with the treatment and sends the treatment as department", async () => {
    renderTreatment("cardiology", "/specialities/cardiology/best-hospital-for-angioplasty-in-hyderabad");
    const form = await screen.findByTestId("lead-form");
    expect(form).toHaveTextContent("Book an Appointment for Coronary Angioplasty");
    expect(JSON.parse(form.dataset.context ?? "{}")).toEqual({
      treatment: "Coronary Angioplasty",
      department: "Coronary Angioplasty",
      speciality: "Cardiology",
    });
  });

  it("uses the image with the name plus ' Treatment' as its text", async () => {
    renderTreatment("orthopedics", knee);
    const image = await screen.findByAltText("Total Knee Replacement Treatment");
    expect(image).toHaveAttribute("src", "/images/treatments/total-knee-replacement.svg");
  });

  it("falls back to the name plus ' Treatment in Hyderabad' when there is no h1", async () => {
    renderTreatment("orthopedics", "/specialities/orthopedics/treatment-for-golfers-elbow");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      "Golfer's Elbow Treatment Treatment in Hyderabad",
    );
  });

  it("sets title, meta description and canonical from the treatment", async () => {
    renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1 });
    const item = orthopedics.sub_departments[1];
    await waitFor(() => expect(document.title).toBe(item.meta_title));
    expect(document.head.querySelector("meta[name=description]")).toHaveAttribute("content", item.meta_description);
    expect(document.head.querySelector("link[rel=canonical]")).toHaveAttribute("href", item.canonical_url);
  });

  it("scrolls to the top when a treatment is opened, but not on back/forward (scroll restoration)", async () => {
    const { router } = renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1 });
    expect(window.scrollTo).not.toHaveBeenCalled();
    await router.navigate("/specialities/orthopedics/arthroscopy-surgeon-in-hyderabad");
    await screen.findByRole("heading", { level: 1, name: orthopedics.sub_departments[4].content.h1 });
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it("shows the FAQ accordion titled 'Frequently Asked Questions', all collapsed, one open at a time", async () => {
    renderTreatment("orthopedics", knee);
    const accordion = (await screen.findByRole("heading", { name: "Frequently Asked Questions" })).closest("section");
    if (!accordion) throw new Error("no accordion section");
    const buttons = within(accordion).getAllByRole("button");
    expect(buttons).toHaveLength(6);
    for (const b of buttons) expect(b).toHaveAttribute("aria-expanded", "false");
    const user = userEvent.setup();
    await user.click(buttons[0]);
    expect(buttons[0]).toHaveAttribute("aria-expanded", "true");
    await user.click(buttons[2]);
    expect(buttons[0]).toHaveAttribute("aria-expanded", "false");
    expect(buttons[2]).toHaveAttribute("aria-expanded", "true");
    await user.click(buttons[2]);
    expect(buttons[2]).toHaveAttribute("aria-expanded", "false");
  });

  it("states the knee replacement price at Kukatpally in an answer", async () => {
    renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1 });
    expect(document.body.textContent).toContain("₹1.5 lakhs including implants and stay");
  });

  it.each([
    ["orthopedics", "best-hospital-for-hip-replacement-in-hyderabad", true],
    ["orthopedics", "total-knee-replacement", true],
    ["orthopedics", "sports-injury-hospital-in-kukatpally", true],
    ["orthopedics", "treatment-for-golfers-elbow", true],
    ["orthopedics", "arthroscopy-surgeon-in-hyderabad", true],
    ["cardiology", "treatment-for-heart-failure-in-kukatpally", true],
    ["cardiology", "best-hospital-for-angiography-in-hyderabad", true],
    ["cardiology", "best-hospital-for-angioplasty-in-hyderabad", false],
    ["cardiology", "best-hospital-for-bypass-surgery-in-hyderabad", false],
  ] as const)("%s/%s shows a source credit: %s", async (collection, slug, credited) => {
    const { container } = renderTreatment(collection, `/specialities/${collection}/${slug}`);
    await screen.findByRole("heading", { level: 1 });
    const credit = container.querySelector(".source-credit");
    if (credited) {
      expect(credit).toHaveTextContent(/^Source:/);
      expect(within(credit as HTMLElement).getByRole("link")).toHaveAttribute(
        "href",
        expect.stringMatching(/^https:\/\//),
      );
    } else expect(credit).toBeNull();
  });

  it("fetches only its own treatment's data file, once, and never the whole collection", async () => {
    const first = renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1 });
    first.unmount();
    const second = renderTreatment("orthopedics", "/specialities/orthopedics/arthroscopy-surgeon-in-hyderabad");
    await screen.findByRole("heading", { level: 1 });
    second.unmount();
    renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1 });
    expect(fetched()).toEqual([
      "/assets/data/orthopedics-sub-departments/total-knee-replacement.json",
      "/assets/data/orthopedics-sub-departments/arthroscopy-surgeon-in-hyderabad.json",
    ]);
  });

  it("uses the built-in copy of the treatment when its data file fails to load, and logs it", async () => {
    fetchMock.mockImplementation(async () => new Response("down", { status: 503 }));
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderTreatment("cardiology", "/specialities/cardiology/best-hospital-for-bypass-surgery-in-hyderabad");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent(
      cardiology.sub_departments[4].content.h1 as string,
    );
    expect(error).toHaveBeenCalledWith(
      "Could not load assets/data/cardiology-sub-departments/best-hospital-for-bypass-surgery-in-hyderabad.json; using the built-in copy.",
      expect.any(Error),
    );
  });

  it("falls back to the built-in index to resolve an alias when the data files fail", async () => {
    fetchMock.mockImplementation(async () => Promise.reject(new TypeError("Failed to fetch")));
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderTreatment("orthopedics", "/specialities/orthopedics/golfers-elbow");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Golfer's Elbow");
  });

  it("reloads its content when the slug changes", async () => {
    const { router } = renderTreatment("orthopedics", knee);
    await screen.findByRole("heading", { level: 1, name: orthopedics.sub_departments[1].content.h1 });
    await router.navigate("/specialities/orthopedics/arthroscopy-surgeon-in-hyderabad");
    expect(
      await screen.findByRole("heading", { level: 1, name: orthopedics.sub_departments[4].content.h1 }),
    ).toBeInTheDocument();
  });
});

describe("unknown treatment slugs", () => {
  it("cardiology logs 'Sub-department with slug not found' and goes to /", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderTreatment("cardiology", "/specialities/cardiology/no-such-page");
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith("Sub-department with slug not found", "no-such-page");
  });

  it("orthopedics shows 'Content Not Loaded' and logs the available slugs", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    renderTreatment("orthopedics", "/specialities/orthopedics/cataract-surgery");
    expect(await screen.findByRole("heading", { name: "Content Not Loaded" })).toBeInTheDocument();
    expect(
      screen.getByText("Sub-department data is not loading properly. Please check the console for errors."),
    ).toBeInTheDocument();
    // Logged by an effect once the index of slugs has come, which can be after the notice shows.
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        "Sub-department not found. Available slugs:",
        orthopedics.sub_departments.map((s) => s.slug).sort(),
      ),
    );
    expect(fetched()).toEqual([
      "/assets/data/orthopedics-sub-departments/cataract-surgery.json",
      "/assets/data/orthopedics-sub-departments/_index.json",
    ]);
  });

  it("orthopedics follows the golfer's elbow alias, through the index and then the treatment's own file", async () => {
    renderTreatment("orthopedics", "/specialities/orthopedics/golfers-elbow");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("Golfer's Elbow");
    expect(fetched()).toEqual([
      "/assets/data/orthopedics-sub-departments/golfers-elbow.json",
      "/assets/data/orthopedics-sub-departments/_index.json",
      "/assets/data/orthopedics-sub-departments/treatment-for-golfers-elbow.json",
    ]);
  });
});
