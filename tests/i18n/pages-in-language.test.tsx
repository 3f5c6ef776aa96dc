// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearCollectionCache } from "../../src/site/collections/load";
import { preloadRoute } from "../../src/site/routes/preload";
import { buildRoutes } from "../../src/site/routes/routes";
import { createMemoryRouter, RouterProvider } from "../helpers/memory-router";
import { collections, dataFetch, publishedData, translations } from "../helpers/published-data";

afterEach(cleanup);

beforeEach(() => {
  clearCollectionCache();
  // The treatments as the build publishes them (per-page data files).
  vi.stubGlobal("fetch", dataFetch());
});
afterEach(() => vi.unstubAllGlobals());

/** The whole site at `path`, with what its route needs loaded first, as the browser hydrates it. */
async function open(path: string) {
  const routes = buildRoutes();
  await preloadRoute(path, routes);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // Awaited: a lead form's translation loads with the form's code, and React retries a part
  // that waited for data only once an awaited act lets it (a browser needs no such help).
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(<RouterProvider router={router} />);
  });
  return result as ReturnType<typeof render>;
}

describe("the site in Telugu", () => {
  it("shows the home page's texts, menus and footer in Telugu, its links staying in Telugu", async () => {
    await open("/te/home");
    expect(await screen.findByRole("heading", { level: 1 })).toHaveTextContent("ఇంటికి దగ్గరలో వైద్యం, అవసరమైనప్పుడు నిపుణులు");
    const nav = screen.getByRole("navigation", { name: "ప్రధాన మెనూ" });
    expect(within(nav).getByRole("link", { name: "హోమ్" })).toHaveAttribute("href", "/te/home");
    expect(screen.getByRole("link", { name: "ప్రధాన విషయానికి వెళ్లండి" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toHaveTextContent("గోప్యతా విధానం");
  });

  it("offers every language as a plain link to the same page, saying its language", async () => {
    await open("/te/home");
    const switcher = await screen.findByRole("navigation", { name: "భాషలు" });
    const links = within(switcher).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("hreflang"), a.lang])).toEqual([
      ["English", "/home", "en", "en"],
      ["తెలుగు", "/te/home", "te", "te"],
      ["हिन्दी", "/hi/home", "hi", "hi"],
    ]);
    expect(within(switcher).getByRole("link", { name: "తెలుగు" })).toHaveAttribute("aria-current", "true");
  });

  it('shows an untranslated text in English, marked lang="en", never a key or nothing', async () => {
    await open("/te/about-us/leadership-team");
    // The leaders' names are left untranslated: they show as they are written in English.
    const name = await screen.findByText("Dr. Suresh Example");
    expect(name.closest("[lang]")).toHaveAttribute("lang", "en");
    expect(screen.getByText("మెడికల్ డైరెక్టర్").closest("[lang]")).toHaveAttribute("lang", "te");
    expect(document.body.textContent).not.toMatch(/\bblocks\.\d|sub_departments\./);
  });

  it("shows a treatment page's texts in Telugu, ₹1.5 lakhs and all", async () => {
    await open("/te/specialities/orthopedics/total-knee-replacement");
    expect(await screen.findByRole("heading", { level: 1, name: "మోకాలి మార్పిడి సర్జరీ (టోటల్ నీ రీప్లేస్‌మెంట్)" })).toBeInTheDocument();
    expect(screen.getByText(/₹1.5 లక్షలు/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "తరచుగా అడిగే ప్రశ్నలు" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "మోకాలి మార్పిడి (టోటల్ నీ రీప్లేస్‌మెంట్) కోసం అపాయింట్‌మెంట్ బుక్ చేయండి" })).toBeInTheDocument();
    // Its Telugu texts are its own file, fetched because its English data file names Telugu.
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(fetched).toContain("/assets/data/te/orthopedics-sub-departments/total-knee-replacement.json");
  });

  it('shows a treatment with no Telugu texts in English, each text marked lang="en", fetching no Telugu file', async () => {
    // Every treatment has Telugu texts: this one has none here.
    const texts = structuredClone(translations);
    delete texts["orthopedics-sub-departments.json"].te["sports-injury-hospital-in-kukatpally"];
    vi.stubGlobal("fetch", dataFetch(publishedData(collections, texts).files));
    await open("/te/specialities/orthopedics/sports-injury-hospital-in-kukatpally");
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading).toHaveAttribute("lang", "en");
    expect(document.querySelector(".treatment-heading__intro")).toHaveAttribute("lang", "en");
    // The template's own words are translated: the FAQ title is Telugu, not marked.
    expect(screen.getByRole("heading", { name: "తరచుగా అడిగే ప్రశ్నలు" })).not.toHaveAttribute("lang");
    const fetched = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(fetched.filter((url) => url.startsWith("/assets/data/te/"))).toEqual([]);
  });

  it("lists a speciality's treatments by their Telugu names, one with none in English marked so", async () => {
    const texts = structuredClone(translations);
    delete texts["orthopedics-sub-departments.json"].te["sports-injury-hospital-in-kukatpally"];
    vi.stubGlobal("fetch", dataFetch(publishedData(collections, texts).files));
    await open("/te/specialities/orthopedic");
    const knee = await screen.findByRole("link", { name: "మోకాలి మార్పిడి (టోటల్ నీ రీప్లేస్‌మెంట్)" });
    expect(knee).toHaveAttribute("href", "/te/specialities/orthopedics/total-knee-replacement");
    expect(knee).not.toHaveAttribute("lang");
    expect(screen.getByRole("link", { name: "Sports Injury" })).toHaveAttribute("lang", "en");
  });

  it("writes a branch's state in Telugu", async () => {
    await open("/te/locations/kukatpally");
    expect((await screen.findAllByText(/హైదరాబాద్, తెలంగాణ/)).length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toContain("Telangana");
  });
});

describe("the appointment form in Hindi", () => {
  it("shows its labels and the spec's validation messages in Hindi", async () => {
    await open("/hi/book-an-appointment");
    const user = userEvent.setup();
    const main = await screen.findByRole("main");
    const form = (await within(main).findByRole("button", { name: "अपॉइंटमेंट बुक करें" })).closest(
      "form",
    ) as HTMLFormElement;
    await user.click(within(form).getByRole("button", { name: "अपॉइंटमेंट बुक करें" }));
    expect(await within(form).findByText("नाम आवश्यक है")).toBeInTheDocument();
    expect(within(form).getByText("मोबाइल नंबर आवश्यक है")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("पूरा नाम"), "र");
    await user.type(within(form).getByLabelText("मोबाइल नंबर"), "12345");
    await user.tab();
    expect(within(form).getByText("नाम कम से कम 2 अक्षरों का होना चाहिए")).toBeInTheDocument();
    expect(within(form).getByText("कृपया 10 अंकों का सही मोबाइल नंबर दर्ज करें")).toBeInTheDocument();
  });

  it("keeps the English page's messages exactly as the spec words them", async () => {
    await open("/book-an-appointment");
    const user = userEvent.setup();
    const submit = await within(await screen.findByRole("main")).findByRole("button", { name: "Book Appointment" });
    await user.click(submit);
    const form = submit.closest("form") as HTMLFormElement;
    expect(await within(form).findByText("Name is required")).toBeInTheDocument();
    expect(within(form).getByText("Mobile number is required")).toBeInTheDocument();
  });
});

describe("the medical review line on a speciality page and an article", () => {
  /** The page's review line, its text with spaces as read, and where its doctor's name links. */
  async function reviewLine(path: string) {
    await open(path);
    await screen.findByRole("heading", { level: 1 });
    const line = document.querySelector<HTMLElement>(".medical-review");
    if (!line) throw new Error(`${path} shows no medical review line.`);
    return {
      text: line.textContent?.replace(/\s+/g, " "),
      link: within(line).getByRole("link").getAttribute("href"),
    };
  }

  it.each([
    ["speciality's", "/specialities/orthopedic", "Dr. Suresh Demo", "డా. సురేష్ డెమో", "Dr.+Suresh+Demo"],
    ["article's", "/blogs/heart-attack-warning-signs", "Dr. Anjali Example", "డా. అంజలి ఎగ్జాంపుల్", "Dr.+Anjali+Example"],
  ])("names the %s reviewing doctor and the dates, in English and in Telugu", async (_, path, name, telugu, query) => {
    const english = await reviewLine(path);
    expect(english.text).toBe(`Medically reviewed by ${name} on 15 June 2026; next review due 15 June 2027.`);
    expect(english.link).toBe(`/our-doctors?name=${query}`);
    cleanup();
    const inTelugu = await reviewLine(`/te${path}`);
    expect(inTelugu.text).toBe(`${telugu} 15 జూన్, 2026న వైద్యపరంగా సమీక్షించారు; తదుపరి సమీక్ష 15 జూన్, 2027న.`);
    expect(inTelugu.link).toBe(`/te/our-doctors?name=${query}`);
  });

  it("shows none on a speciality that records no review", async () => {
    await open("/specialities/neurology");
    expect(await screen.findByRole("heading", { level: 1, name: "Neurology" })).toBeInTheDocument();
    expect(document.querySelector(".medical-review")).toBeNull();
  });
});
