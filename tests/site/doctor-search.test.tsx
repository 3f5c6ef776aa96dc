// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { DoctorSearchBlock } from "../../src/shared/generated/blocks/doctor-search";
import type { Doctor, Doctors } from "../../src/shared/generated/doctors";
import {
  DoctorSearchPanel,
  filtersToParams,
  matchDoctors,
  readFilters,
} from "../../src/site/blocks/doctor-search/DoctorSearchPanel";
import { readConfig } from "../helpers/site-collections";
import { recordingActions, renderBlocks, renderInRouter } from "./helpers";

const doctorsJson = readConfig<Doctors>("doctors.json");

vi.mock("../../src/site/forms/LeadForm", () => import("./lead-form-stub"));

const block: DoctorSearchBlock = {
  type: "doctor-search",
  emptyMessage: "No doctor matches your search.",
  sampleNote: "Some profiles are samples.",
};

const doctor = (name: string, speciality: string, branches: string[], sample = false): Doctor => ({
  name,
  slug: name.toLowerCase().replace(/[^a-z]+/g, "-"),
  designation: "Consultant",
  speciality,
  branches,
  qualifications: "MBBS",
  experienceYears: 10,
  languages: ["Telugu", "English"],
  sample,
});

const doctors: Doctor[] = [
  doctor("Dr. Anjali Example", "cardiology", ["kukatpally", "kothapet"], true),
  doctor("Dr. Ravi Placeholder", "cardiology", ["vizag"]),
  doctor("Dr. Meera Example", "orthopedic", ["kothapet"]),
  doctor("Dr. Kiran Sample", "ent", ["udai-omni-nampally"]),
];

function renderPanel(path = "/our-doctors") {
  const actions = recordingActions();
  const view = renderInRouter(<DoctorSearchPanel block={block} doctors={doctors} />, { path, actions });
  return { ...view, actions };
}

const names = () => screen.queryAllByRole("heading", { level: 3 }).map((h) => h.textContent);
const status = () => screen.getByRole("status");

describe("doctor search", () => {
  it("lists every doctor with the count in a live region when no filter is set", () => {
    renderPanel();
    expect(names()).toEqual(["Dr. Anjali Example", "Dr. Ravi Placeholder", "Dr. Meera Example", "Dr. Kiran Sample"]);
    expect(status()).toHaveTextContent("4 doctors");
    expect(status()).toHaveAttribute("aria-live", "polite");
  });

  it("labels every filter", () => {
    renderPanel();
    expect(screen.getByRole("search", { name: "Find a doctor" })).toBeInTheDocument();
    expect(screen.getByLabelText("Doctor's name")).toHaveAttribute("type", "search");
    expect(screen.getByLabelText("Speciality")).toHaveDisplayValue("All specialities");
    expect(screen.getByLabelText("Branch")).toHaveDisplayValue("All branches");
  });

  it("filters by name as the visitor types, ignoring case and the 'Dr.' title", async () => {
    renderPanel();
    const input = screen.getByLabelText("Doctor's name");
    await userEvent.type(input, "dr. ex");
    expect(names()).toEqual(["Dr. Anjali Example", "Dr. Meera Example"]);
    expect(status()).toHaveTextContent("2 of 4 doctors match your search");
    await userEvent.type(input, "ample mee");
    expect(names()).toEqual(["Dr. Meera Example"]);
  });

  it("filters by speciality and by branch, together", async () => {
    renderPanel();
    await userEvent.selectOptions(screen.getByLabelText("Speciality"), "cardiology");
    expect(names()).toEqual(["Dr. Anjali Example", "Dr. Ravi Placeholder"]);
    await userEvent.selectOptions(screen.getByLabelText("Branch"), "kothapet");
    expect(names()).toEqual(["Dr. Anjali Example"]);
    expect(status()).toHaveTextContent("1 of 4 doctors match your search");
  });

  it("shows the empty state with a way out when nothing matches", async () => {
    renderPanel();
    await userEvent.type(screen.getByLabelText("Doctor's name"), "zzz");
    expect(names()).toEqual([]);
    expect(status()).toHaveTextContent("0 of 4 doctors match your search");
    expect(screen.getByText("No doctor matches your search.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Call \+91/ })).toHaveAttribute("href", "tel:+914000000000");
    const clearButtons = screen.getAllByRole("button", { name: "Clear filters" });
    await userEvent.click(clearButtons[clearButtons.length - 1]);
    expect(screen.getByLabelText("Doctor's name")).toHaveValue("");
    expect(names()).toHaveLength(4);
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("writes the filters to the address, replacing the history entry", async () => {
    const { router } = renderPanel();
    await userEvent.type(screen.getByLabelText("Doctor's name"), "Anjali");
    await userEvent.selectOptions(screen.getByLabelText("Speciality"), "cardiology");
    await userEvent.selectOptions(screen.getByLabelText("Branch"), "kukatpally");
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).toString()).toBe(
        "name=Anjali&speciality=cardiology&branch=kukatpally",
      ),
    );
    expect(router.state.location.pathname).toBe("/our-doctors");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("reads a shared search from the address", () => {
    renderPanel("/our-doctors?name=ravi&speciality=cardiology&branch=vizag");
    expect(screen.getByLabelText("Doctor's name")).toHaveValue("ravi");
    expect(screen.getByLabelText("Speciality")).toHaveValue("cardiology");
    expect(screen.getByLabelText("Branch")).toHaveValue("vizag");
    expect(names()).toEqual(["Dr. Ravi Placeholder"]);
  });

  it("round-trips: the address it writes, opened again, shows the same search", async () => {
    const first = renderPanel();
    await userEvent.selectOptions(screen.getByLabelText("Speciality"), "orthopedic");
    await userEvent.type(screen.getByLabelText("Doctor's name"), "meera");
    await waitFor(() => expect(first.router.state.location.search).toContain("speciality=orthopedic"));
    const shared = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    const before = names();
    first.unmount();
    renderPanel(shared);
    expect(names()).toEqual(before);
    expect(screen.getByLabelText("Doctor's name")).toHaveValue("meera");
    expect(screen.getByLabelText("Speciality")).toHaveValue("orthopedic");
  });

  it("follows the address when it changes from outside (back, forward, a link)", async () => {
    const { router } = renderPanel("/our-doctors?speciality=ent");
    expect(names()).toEqual(["Dr. Kiran Sample"]);
    await act(() => router.navigate("/our-doctors?branch=vizag"));
    expect(screen.getByLabelText("Speciality")).toHaveValue("");
    expect(screen.getByLabelText("Branch")).toHaveValue("vizag");
    expect(names()).toEqual(["Dr. Ravi Placeholder"]);
  });

  it("ignores a speciality or branch in the address that the site does not have", () => {
    renderPanel("/our-doctors?speciality=astrology&branch=moon");
    expect(screen.getByLabelText("Speciality")).toHaveValue("");
    expect(names()).toHaveLength(4);
  });

  it("marks sample profiles and notes them above the results", async () => {
    renderPanel();
    const card = screen.getByRole("heading", { name: "Dr. Anjali Example" }).closest("li") as HTMLElement;
    expect(within(card).getByText("Sample profile")).toBeInTheDocument();
    const other = screen.getByRole("heading", { name: "Dr. Ravi Placeholder" }).closest("li") as HTMLElement;
    expect(within(other).queryByText("Sample profile")).toBeNull();
    expect(screen.getByText("Some profiles are samples.")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Branch"), "vizag");
    expect(screen.queryByText("Some profiles are samples.")).toBeNull();
  });

  it("links each doctor's speciality and branches, and books through the booking modal", async () => {
    const { actions } = renderPanel();
    const card = screen.getByRole("heading", { name: "Dr. Anjali Example" }).closest("li") as HTMLElement;
    expect(within(card).getByRole("link", { name: "Cardiology" })).toHaveAttribute("href", "/specialities/cardiology");
    expect(within(card).getByRole("link", { name: "Kothapet" })).toHaveAttribute("href", "/locations/kothapet");
    expect(within(card).getByRole("link", { name: "Kukatpally" })).toHaveAttribute("href", "/locations/kukatpally");
    await userEvent.click(within(card).getByRole("button", { name: "Book an Appointment with Dr. Anjali Example" }));
    expect(actions.calls).toEqual(["booking-modal"]);
  });
});

describe("doctor search matching", () => {
  it("needs every typed word to start a word of the name", () => {
    const filters = { name: "an ex", speciality: "", branch: "" };
    expect(matchDoctors(doctors, filters).map((d) => d.name)).toEqual(["Dr. Anjali Example"]);
    expect(matchDoctors(doctors, { ...filters, name: "njali" })).toEqual([]);
  });

  it("keeps only known filters when reading the address and drops empty ones when writing it", () => {
    const read = readFilters(new URLSearchParams("name=x&speciality=neurology&branch=nowhere"));
    expect(read).toEqual({ name: "x", speciality: "neurology", branch: "" });
    expect(filtersToParams({ name: "  ", speciality: "", branch: "kurnool" }).toString()).toBe("branch=kurnool");
  });
});

describe("doctor search block", () => {
  it("comes with its search code and the doctors (the registry loads both), showing every doctor", async () => {
    renderBlocks([block], { path: "/our-doctors" });
    const count = (doctorsJson as Doctors).doctors.length;
    expect(await screen.findByText(`${count} doctors`)).toBeInTheDocument();
    expect(screen.getAllByRole("heading", { level: 3 })).toHaveLength(count);
  });
});
