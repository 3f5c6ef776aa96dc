/**
 * Clinical review through the hosted editor's API: a change to a treatment page is medical, so
 * publishing waits for a clinical reviewer (a doctor) once approval is required; the doctor's
 * approval writes their review on the page as their own commit; a later save of medical content
 * needs them again; reviewers see what falls due, soonest first. "Today" is fixed.
 */
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublishSteps } from "../../../src/editor/server/changes";
import type { ChangeSetDetail, ClinicalView, ReviewsDueView } from "../../../src/editor/shared/changes-api";
import type { Client, HostedEditor } from "./hosted-editor";
import { startTestEditor } from "./hosted-editor";

const steps: PublishSteps = {
  check: async () => ({ ok: true }),
  build: async () => ({ ok: true }),
  deploy: async () => ({ ok: true }),
};

const collection = "site-config/collections/cardiology-sub-departments.json";
const slug = "treatment-for-heart-failure-in-kukatpally";
let editor: HostedEditor;
let author: Client;
let reviewer: Client;
let doctor: Client;
let publisher: Client;

beforeAll(async () => {
  editor = await startTestEditor({ steps, today: () => "2026-11-26" });
  await editor.person("author@hospital.example", ["editor"]);
  await editor.person("reviewer@hospital.example", ["reviewer"]);
  await editor.person("anjali@hospital.example", ["clinical-reviewer"], [], true, "dr-anjali-example");
  await editor.person("publisher@hospital.example", ["publisher"]);
  [author, reviewer, doctor, publisher] = await Promise.all(
    ["author", "reviewer", "anjali", "publisher"].map((who) => editor.signIn(`${who}@hospital.example`)),
  );
}, 120_000);

afterAll(async () => {
  await editor?.stop();
});

/** Saves a change to the heart failure page's description in the author's change set. */
async function changeTreatment(words: string) {
  const entry = `/editor/api/entry?path=${encodeURIComponent(collection)}&slug=${slug}`;
  const { body } = await author.api<{ text: string; hash: string }>("GET", entry);
  const data = JSON.parse(body.text);
  data.meta_description = words;
  const saved = await author.api("PUT", "/editor/api/entry", { path: collection, slug, data, baseHash: body.hash });
  expect(saved.status).toBe(200);
}

describe("clinical review in the hosted editor", { timeout: 120_000 }, () => {
  it("holds a medical change for a doctor's approval, which records their review on the page", async () => {
    const made = await author.api<{ id: string }>("POST", "/editor/api/changes", {
      title: "Heart failure: new summary",
    });
    const id = made.body.id;
    author.changeSet = id;
    // Approval required: what the change set would publish says so.
    const site = await author.api<{ text: string; hash: string }>("GET", "/editor/api/raw?path=site-config/site.json");
    const text = site.body.text.replace(
      '"production": false,',
      '"production": false,\n  "clinicalReview": { "requireApproval": true },',
    );
    expect(
      (await author.api("PUT", "/editor/api/raw", { path: "site-config/site.json", text, baseHash: site.body.hash }))
        .status,
    ).toBe(200);
    await changeTreatment("Heart failure care in Kukatpally: diagnosis, medicines and devices.");
    await author.api("POST", `/editor/api/changes/${id}/submit`, {});
    await reviewer.api("POST", `/editor/api/changes/${id}/review`, { verdict: "approved", comment: "" });

    const before = await publisher.api<ChangeSetDetail>("GET", `/editor/api/changes/${id}`);
    expect(before.body.clinical).toEqual({
      pages: [{ name: "Heart Failure", path: `/specialities/cardiology/${slug}` }],
      approved: false,
      required: true,
    });
    const refused = await publisher.api("POST", `/editor/api/changes/${id}/publish`, {});
    expect(refused).toEqual({
      status: 409,
      body: expect.objectContaining({
        message:
          "This change set changes medical content ('Heart Failure'): a clinical reviewer, one of the hospital's doctors, must approve it before it is published.",
      }),
    });

    const approved = await doctor.api<ClinicalView>("POST", `/editor/api/changes/${id}/clinical-review`, {
      verdict: "approved",
    });
    expect(approved).toMatchObject({ status: 200, body: { approved: true } });
    const saved = JSON.parse((await editor.workspace.fileAt("head", id, collection)) ?? "{}");
    expect(saved.sub_departments[0].review).toEqual({ reviewer: "dr-anjali-example", reviewed: "2026-11-26" });
    const last = execFileSync("git", ["log", "-1", "--format=%an <%ae>|%s"], { cwd: editor.workspace.dir(id) });
    expect(String(last).trim()).toBe(
      "anjali <anjali@hospital.example>|Medical review: 'Heart Failure' reviewed by Dr. Anjali Example on 2026-11-26",
    );
    // The normal review still stands: recording the doctor's review is not a change to review.
    expect((await publisher.api("POST", `/editor/api/changes/${id}/publish`, {})).status).toBe(202);
    const progress = () => publisher.api<{ state: string }>("GET", `/editor/api/changes/${id}/publish`);
    await expect.poll(async () => (await progress()).body.state, { timeout: 60_000, interval: 100 }).toBe("published");
  });

  it("asks the doctor again after a later change to medical content", async () => {
    const id = (await author.api<{ id: string }>("POST", "/editor/api/changes", { title: "Heart failure again" })).body
      .id;
    author.changeSet = id;
    await changeTreatment("Heart failure: care close to home.");
    await doctor.api("POST", `/editor/api/changes/${id}/clinical-review`, { verdict: "approved" });
    await changeTreatment("Heart failure: care close to home, day and night.");
    const detail = await reviewer.api<ChangeSetDetail>("GET", `/editor/api/changes/${id}`);
    expect(detail.body.clinical.approved).toBe(false);
    expect(detail.body.reviews.map((r) => r.verdict)).toEqual(["clinically-approved", "clinical-review-needed"]);
  });

  it("refuses a doctor's approval of a change set with no medical content, in words", async () => {
    const id = (await author.api<{ id: string }>("POST", "/editor/api/changes", { title: "Nothing medical" })).body.id;
    expect(await doctor.api("POST", `/editor/api/changes/${id}/clinical-review`, { verdict: "approved" })).toEqual({
      status: 409,
      body: expect.objectContaining({
        message: "This change set changes no medical content: it needs no clinical review.",
      }),
    });
  });

  it("lists the medical pages by when their review falls due, soonest first", async () => {
    const { status, body } = await reviewer.api<ReviewsDueView>("GET", "/editor/api/reviews-due");
    expect(status).toBe(200);
    const never = body.items.filter((i) => i.state === "never");
    const reviewed = body.items.filter((i) => i.state !== "never");
    // Speciality pages and articles carry no review yet: they come first.
    expect(body.items.slice(0, never.length).every((i) => i.state === "never")).toBe(true);
    expect(reviewed.map((i) => i.daysLeft)).toEqual(
      reviewed.map((i) => i.daysLeft).sort((a, b) => (a ?? 0) - (b ?? 0)),
    );
    expect(reviewed[0]).toEqual({
      name: "Hip Replacement Surgery",
      path: "/specialities/orthopedics/best-hospital-for-hip-replacement-in-hyderabad",
      file: "site-config/collections/orthopedics-sub-departments.json",
      reviewer: "Dr. Suresh Demo",
      reviewed: "2026-02-23",
      nextReview: "2027-02-23",
      daysLeft: 89,
      state: "later",
    });
    // The page the doctor approved above was published with their review: due a year on.
    expect(reviewed.at(-1)).toMatchObject({
      name: "Heart Failure",
      reviewer: "Dr. Anjali Example",
      reviewed: "2026-11-26",
      nextReview: "2027-11-26",
      daysLeft: 365,
    });
  });
});
