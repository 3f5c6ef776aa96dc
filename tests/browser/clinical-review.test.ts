/**
 * Clinical review through the hosted editor, in Debian's Chromium: an editor changes a treatment
 * page and a reviewer approves it (through the API, as the other browser tests do it in the
 * browser), but publishing waits for the medical part; a doctor signs in with her local account
 * as clinical reviewer, sees the medical page in the change set and approves it; once published
 * (the project's real build), the page says who reviewed it and when, in English and Telugu, and
 * its JSON-LD names her in schema.org's vocabulary. "Today" is fixed for the editor.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client, HostedEditor } from "../editor/hosted/hosted-editor";
import { password, startTestEditor } from "../editor/hosted/hosted-editor";
import { schemaOrgProblems } from "../helpers/schema-org";
import { launchBrowser, signInToEditor } from "./harness";

const collection = "site-config/collections/cardiology-sub-departments.json";
const slug = "best-hospital-for-angioplasty-in-hyderabad";
const title = "Angioplasty: recovery times";
let browser: Browser;
let editor: HostedEditor;

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await startTestEditor({ today: () => "2026-11-26" });
  await editor.person("meera@hospital.example", ["editor"]);
  await editor.person("rao@hospital.example", ["reviewer"]);
  await editor.person("sunita@hospital.example", ["publisher"]);
  await editor.person("anjali@hospital.example", ["clinical-reviewer"], [], true, "dr-anjali-example");
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
}, 300_000);

/** The editor's change to the angioplasty page, sent for review and approved by the reviewer. */
async function reviewedChange(author: Client, reviewer: Client): Promise<string> {
  const id = (await author.api<{ id: string }>("POST", "/editor/api/changes", { title })).body.id;
  author.changeSet = id;
  const site = await author.api<{ text: string; hash: string }>("GET", "/editor/api/raw?path=site-config/site.json");
  const text = site.body.text.replace(
    '"production": false,',
    '"production": false,\n  "clinicalReview": { "requireApproval": true },',
  );
  await author.api("PUT", "/editor/api/raw", { path: "site-config/site.json", text, baseHash: site.body.hash });
  const entry = `/editor/api/entry?path=${encodeURIComponent(collection)}&slug=${slug}`;
  const { body } = await author.api<{ text: string; hash: string }>("GET", entry);
  const data = JSON.parse(body.text);
  data.meta_description = "Angioplasty in Hyderabad: most people walk the same day and go home in two days.";
  expect(
    (await author.api("PUT", "/editor/api/entry", { path: collection, slug, data, baseHash: body.hash })).status,
  ).toBe(200);
  await author.api("POST", `/editor/api/changes/${id}/submit`, {});
  await reviewer.api("POST", `/editor/api/changes/${id}/review`, { verdict: "approved", comment: "" });
  return id;
}

/** The doctor's own browser, signed in with her local account. */
const signInAsDoctor = () =>
  signInToEditor(browser, {
    origin: editor.origin,
    email: "anjali@hospital.example",
    password,
    viewport: { width: 1300, height: 900 },
    label: "doctor",
  });

/** The published page's review line and JSON-LD, as the live site serves it. */
async function published(page: Page, address: string) {
  await page.goto(`${editor.origin}${address}`);
  const line = page.locator(".medical-review");
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "null")));
  return {
    text: (await line.textContent())?.replace(/\s+/g, " "),
    link: await line.getByRole("link").getAttribute("href"),
    jsonLd,
  };
}

describe("clinical review in the hosted editor", { timeout: 600_000 }, () => {
  it("a doctor approves a treatment change, and the published page names her and the dates", async () => {
    const [meera, rao, sunita] = await Promise.all(
      ["meera", "rao", "sunita"].map((who) => editor.signIn(`${who}@hospital.example`)),
    );
    const id = await reviewedChange(meera, rao);
    const refused = await sunita.api<{ message: string }>("POST", `/editor/api/changes/${id}/publish`, {});
    expect(refused.body.message).toBe(
      "This change set changes medical content ('Coronary Angioplasty'): a clinical reviewer, one of the hospital's doctors, must approve it before it is published.",
    );

    // The doctor finds the change set, sees its medical page, and approves it.
    const doctor = await signInAsDoctor();
    await doctor.goto(`${editor.origin}/editor/#changes`);
    const select = doctor.locator(".changes > label select");
    await expect.poll(() => select.locator("option").allTextContents()).toContainEqual(expect.stringContaining(title));
    await select.selectOption({ label: (await select.locator("option", { hasText: title }).textContent()) ?? "" });
    const medical = doctor.getByRole("region", { name: "Medical content" });
    await expect
      .poll(() => medical.getByRole("listitem").allTextContents())
      .toEqual([`Coronary Angioplasty (/specialities/cardiology/${slug})`]);
    await medical.getByRole("button", { name: "Approve the medical content" }).click();
    await medical.getByText("A clinical reviewer approved the medical content as it is now.").waitFor();
    // Reviews due: medical pages never reviewed first, named so.
    const due = doctor.getByRole("table");
    expect(await due.getByRole("row").nth(1).getByRole("cell").first().textContent()).toBe("Never reviewed");

    // Published with the project's real build.
    expect((await sunita.api("POST", `/editor/api/changes/${id}/publish`, {})).status).toBe(202);
    const progress = () => sunita.api<{ state: string; message: string }>("GET", `/editor/api/changes/${id}/publish`);
    await expect
      .poll(async () => (await progress()).body.state, { timeout: 480_000, interval: 500 })
      .not.toBe("running");
    expect((await progress()).body.message).toMatch(/^Published/);

    const english = await published(doctor, `/specialities/cardiology/${slug}`);
    expect(english.text).toBe(
      "Medically reviewed by Dr. Anjali Example on 26 November 2026; next review due 26 November 2027.",
    );
    expect(english.link).toBe("/our-doctors?name=Dr.+Anjali+Example");
    const page = english.jsonLd.find((d) => d["@type"] === "MedicalWebPage");
    expect(page).toMatchObject({
      reviewedBy: { "@type": "Person", name: "Dr. Anjali Example" },
      lastReviewed: "2026-11-26",
    });
    expect(schemaOrgProblems(english.jsonLd)).toEqual([]);
    const telugu = await published(doctor, `/te/specialities/cardiology/${slug}`);
    expect(telugu.text).toBe("డా. అంజలి ఎగ్జాంపుల్ 26 నవంబర్, 2026న వైద్యపరంగా సమీక్షించారు; తదుపరి సమీక్ష 26 నవంబర్, 2027న.");
    expect(telugu.link).toBe("/te/our-doctors?name=Dr.+Anjali+Example");
  });
});
