// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { blockWords } from "../../src/site/config/block-words";

const sampleBranchNote = blockWords.samples.branchNote;

import { clearCollectionCache } from "../../src/site/collections/load";
import { branches, specialities } from "../../src/site/config/site-config";
import { ListingPageContext } from "../../src/site/ui/pagination";
import { collections, dataFetch, publishedData } from "../helpers/published-data";
import { syntheticCollection } from "../helpers/synthetic";
import { recordingActions, renderBlocks } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

const branch = (slug: string) => branches.find((b) => b.slug === slug)!;
const speciality = (slug: string) => specialities.find((s) => s.slug === slug)!;

beforeEach(() => {
  clearCollectionCache();
  vi.stubGlobal("fetch", dataFetch());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("branch details block", () => {
  it("shows the branch's address, phone, 24x7 number, hours and a map link", () => {
    const kukatpally = branch("kukatpally");
    renderBlocks([{ type: "branch-details" }], { entry: { kind: "branches", entry: kukatpally } });
    expect(screen.getByRole("heading", { level: 1, name: "Kukatpally" })).toBeInTheDocument();
    const address = screen.getByText(kukatpally.address[0]).closest("address");
    for (const line of kukatpally.address) expect(address).toHaveTextContent(line);
    const phones = screen.getAllByRole("link", { name: kukatpally.phoneDisplay });
    expect(phones[0]).toHaveAttribute("href", `tel:${kukatpally.phoneTel}`);
    expect(screen.getByText(kukatpally.hours)).toBeInTheDocument();
    const map = screen.getByRole("link", { name: /Get directions/ });
    expect(map).toHaveAttribute("href", kukatpally.mapUrl);
    expect(map).toHaveAttribute("target", "_blank");
  });

  it("warns that sample details are being confirmed", () => {
    renderBlocks([{ type: "branch-details" }], { entry: { kind: "branches", entry: branch("kothapet") } });
    expect(screen.getByText(sampleBranchNote)).toBeInTheDocument();
    expect(screen.getByText(/being confirmed\)/)).toBeInTheDocument();
  });

  it("links the specialities offered and the branch's doctors, and books through the modal", async () => {
    const actions = recordingActions();
    const vizag = branch("vizag");
    renderBlocks([{ type: "branch-details" }], { entry: { kind: "branches", entry: vizag }, actions });
    const offered = screen.getByRole("heading", { level: 2, name: "Specialities at Vizag" })
      .nextElementSibling as HTMLElement;
    expect(
      within(offered)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(specialities.filter((s) => vizag.specialities.includes(s.slug)).map((s) => `/specialities/${s.slug}`));
    expect(screen.getByRole("link", { name: "Doctors at Vizag" })).toHaveAttribute("href", "/our-doctors?branch=vizag");
    await userEvent.click(screen.getByRole("button", { name: "Book an Appointment" }));
    expect(actions.calls).toEqual(["booking-modal"]);
  });

  it("links a branch's own website where it has one", () => {
    const giggles = branches.find((b) => b.externalUrl)!;
    renderBlocks([{ type: "branch-details" }], { entry: { kind: "branches", entry: giggles } });
    expect(screen.getByRole("link", { name: /children\.hospitals\.example/ })).toHaveAttribute(
      "href",
      giggles.externalUrl,
    );
  });
});

const cardiology = collections["cardiology-sub-departments.json"];

describe("speciality details block", () => {
  it("lists and links the treatment pages of a speciality that has them", async () => {
    renderBlocks([{ type: "speciality-details" }], {
      entry: { kind: "specialities", entry: speciality("cardiology") },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Cardiology" })).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: cardiology.sub_departments[0].name });
    expect(link).toHaveAttribute("href", `/specialities/cardiology/${cardiology.sub_departments[0].slug}`);
    const treatments = link.closest("ul") as HTMLElement;
    const names = within(treatments)
      .getAllByRole("link")
      .map((a) => a.textContent);
    expect(names).toEqual(cardiology.sub_departments.map((s) => s.name).sort((a, b) => a.localeCompare(b, "en")));
    expect(screen.queryByRole("navigation", { name: /Pages of/ })).toBeNull();
    expect(screen.queryByRole("searchbox")).toBeNull();
  });

  describe("with more treatments than a page holds (60 here, 24 a page)", () => {
    const many = syntheticCollection(cardiology, 60);
    const served = publishedData({ "cardiology-sub-departments.json": many }).files;
    let fetchMock: ReturnType<typeof dataFetch>;
    beforeEach(() => {
      fetchMock = dataFetch(served);
      vi.stubGlobal("fetch", fetchMock);
    });
    const show = (page: number) =>
      renderBlocks([{ type: "speciality-details" }], {
        entry: { kind: "specialities", entry: speciality("cardiology") },
        wrap: (children) => <ListingPageContext.Provider value={page}>{children}</ListingPageContext.Provider>,
      });

    it("shows one page of them and links the other pages, fetching only that page of the list", async () => {
      show(2);
      const pages = await screen.findByRole("navigation", { name: "Pages of the Cardiology treatments" });
      const treatments = pages.previousElementSibling as HTMLElement;
      expect(within(treatments).getAllByRole("link")).toHaveLength(24);
      expect(within(pages).getByRole("link", { name: "← Previous" })).toHaveAttribute(
        "href",
        "/specialities/cardiology",
      );
      expect(within(pages).getByRole("link", { name: "3" })).toHaveAttribute("href", "/specialities/cardiology/page/3");
      expect(within(pages).getByRole("link", { name: "2" })).toHaveAttribute("aria-current", "page");
      expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
        "/assets/data/cardiology-sub-departments/_pages/2.json",
      ]);
    });

    it("searches all of them by name once the visitor types, loading the index only then", async () => {
      show(1);
      const search = await screen.findByRole("searchbox", { name: "Find a Cardiology treatment" });
      expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain(
        "/assets/data/cardiology-sub-departments/_index.json",
      );
      await userEvent.setup().type(search, "angioplasty 3");
      const count = await screen.findByText("2 treatments match.");
      expect(
        within(count.nextElementSibling as HTMLElement)
          .getAllByRole("link")
          .map((a) => a.textContent),
      ).toEqual(["Coronary Angioplasty 33", "Coronary Angioplasty 38"]);
      expect(fetchMock.mock.calls.map(([url]) => url)).toContain("/assets/data/cardiology-sub-departments/_index.json");
    });

    it("says so when a page past the last is asked for", async () => {
      show(9);
      expect(await screen.findByText(/This list has no page 9/)).toBeInTheDocument();
    });
  });

  it("links the branches that offer it and its doctors", () => {
    renderBlocks([{ type: "speciality-details" }], { entry: { kind: "specialities", entry: speciality("neurology") } });
    expect(screen.queryByRole("heading", { name: "Treatments" })).toBeNull();
    const offering = branches.filter((b) => b.specialities.includes("neurology"));
    for (const b of offering)
      expect(screen.getByRole("link", { name: b.name })).toHaveAttribute("href", `/locations/${b.slug}`);
    expect(screen.getByRole("link", { name: "Find a Neurology doctor" })).toHaveAttribute(
      "href",
      "/our-doctors?speciality=neurology",
    );
  });

  it("asks the visitor to call when no branch lists the speciality", () => {
    const unlisted = specialities.find((s) => !branches.some((b) => b.specialities.includes(s.slug)));
    if (!unlisted) return;
    renderBlocks([{ type: "speciality-details" }], { entry: { kind: "specialities", entry: unlisted } });
    expect(screen.getByText(/to find out where and when our/)).toBeInTheDocument();
  });
});
