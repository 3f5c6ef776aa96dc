// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import cardiology from "../../site-config/collections/cardiology-sub-departments.json";
import { interfaceWords } from "../../src/site/config/interface-words";

const sampleBranchNote = interfaceWords.samples.branchNote;

import { clearCollectionCache } from "../../src/site/collections/load";
import { branches, specialities } from "../../src/site/config/site-config";
import { recordingActions, renderBlocks } from "./helpers";

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

const branch = (slug: string) => branches.find((b) => b.slug === slug)!;
const speciality = (slug: string) => specialities.find((s) => s.slug === slug)!;

beforeEach(() => {
  clearCollectionCache();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) =>
      url.endsWith("cardiology-sub-departments.json")
        ? new Response(JSON.stringify(cardiology), { status: 200 })
        : new Response("missing", { status: 404 }),
    ),
  );
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

describe("speciality details block", () => {
  it("lists and links the treatment pages of a speciality that has them", async () => {
    renderBlocks([{ type: "speciality-details" }], {
      entry: { kind: "specialities", entry: speciality("cardiology") },
    });
    expect(screen.getByRole("heading", { level: 1, name: "Cardiology" })).toBeInTheDocument();
    const link = await screen.findByRole("link", { name: cardiology.sub_departments[0].name });
    expect(link).toHaveAttribute("href", `/specialities/cardiology/${cardiology.sub_departments[0].slug}`);
    const treatments = link.closest("ul") as HTMLElement;
    expect(within(treatments).getAllByRole("link")).toHaveLength(cardiology.sub_departments.length);
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
