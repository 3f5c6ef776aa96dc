/**
 * The lead form on a prerendered page, in real Chromium: its code is not part of the page's first
 * load, arrives when a person moves towards the form, and nothing typed or submitted before it
 * arrives is lost.
 */
import type { Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardiology } from "../helpers/site-collections";
import { type Harness, startHarness } from "./harness";

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const treatment = cardiology.sub_departments[0];
const address = `/specialities/cardiology/${treatment.slug}`;
const formChunk = /\/assets\/LeadForm-[\w-]+\.js$/;

/** Answers lead posts with 202 and keeps their bodies (no relay or CRM involved). */
async function captureLeads(page: Page) {
  const posted: Record<string, unknown>[] = [];
  await page.route("**/api/leads", async (route: Route, request: Request) => {
    posted.push(request.postDataJSON());
    await route.fulfill({ status: 202, contentType: "application/json", body: '{"status":"accepted"}' });
  });
  return posted;
}

/** Holds the form's chunk until `release` is called, as a slow network would. */
async function holdFormChunk(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(formChunk, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

describe("the lead form on a prerendered page", () => {
  it("is in the HTML, but its code is fetched only when someone moves towards the form", async () => {
    const { page, errors } = await harness.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(address, { waitUntil: "networkidle" });
    const form = page.locator("form.lead-form").first();
    expect(await form.locator("input").count()).toBeGreaterThan(1);
    expect(requested.filter((p) => formChunk.test(p))).toEqual([]);
    const chunk = page.waitForResponse((r) => formChunk.test(r.url()));
    await form.locator("input").first().hover();
    await chunk;
    await page.waitForSelector("form.lead-form[data-ready]");
    expect(errors).toEqual([]);
  });

  it("keeps answers typed before its code arrived, and sends a submit made before then once it is ready", async () => {
    const { page, errors } = await harness.newPage();
    const posted = await captureLeads(page);
    const release = await holdFormChunk(page);
    await page.goto(address, { waitUntil: "networkidle" });
    const form = page.locator("form.lead-form").first();
    await form.getByLabel("Full name").fill("Lakshmi Devi");
    await form.getByLabel("Mobile number").fill("9876543210");
    await form.locator("button[type=submit]").click();
    // Held: no lead yet, no navigation away with the answers, and the answers still on screen.
    expect(posted).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(address);
    expect(await form.getByLabel("Full name").inputValue()).toBe("Lakshmi Devi");
    release();
    await page.waitForURL("**/thank-you");
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      form: "appointment",
      values: { name: "Lakshmi Devi", mobile: "9876543210" },
      context: { treatment: treatment.name, department: treatment.name },
    });
    expect(errors).toEqual([]);
  });

  it("says the request was not sent, keeping the answers, when the page's code cannot be loaded", async () => {
    const { page } = await harness.newPage({ waitForApp: false });
    const posted = await captureLeads(page);
    await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(address, { waitUntil: "networkidle" });
    const form = page.locator("form.lead-form").first();
    await form.getByLabel("Full name").fill("Lakshmi Devi");
    await form.getByLabel("Mobile number").fill("9876543210");
    await form.locator("button[type=submit]").click();
    await expect
      .poll(() => form.getByRole("alert").textContent())
      .toBe("There was an error submitting your request. Please try again or contact us directly.");
    expect(posted).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(address);
    expect(await form.getByLabel("Full name").inputValue()).toBe("Lakshmi Devi");
  });

  it("takes a mobile number pasted with +91 and spaces, says what it expects, and sends the ten digits", async () => {
    const { page, errors } = await harness.newPage();
    const posted = await captureLeads(page);
    await page.goto(address, { waitUntil: "networkidle" });
    // On a slow phone the person types and leaves the field before the form's code arrives: the
    // field is checked when it does, as leaving it would have checked it.
    const release = await holdFormChunk(page);
    const form = page.locator("form.lead-form").first();
    const mobile = form.getByLabel("Mobile number");
    await form.getByLabel("Full name").fill("Lakshmi Devi");
    await mobile.focus();
    await page.keyboard.insertText("+91 98480 1234");
    await mobile.blur();
    release();
    await page.waitForSelector("form.lead-form[data-ready]");
    // What screen readers read with the field: what it expects, then what is wrong.
    const description = () =>
      mobile.evaluate((input) =>
        (input.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent)
          .join(" | "),
      );
    await expect
      .poll(description)
      .toBe("10 digits, such as 98480 12345. +91 or 0 in front is fine. | Please enter a valid 10-digit mobile number");
    await mobile.fill("");
    await mobile.focus();
    // As a paste arrives: the whole text at once, which the field's length limit would cut.
    await page.keyboard.insertText("+91 98480 12345");
    expect(await mobile.inputValue()).toBe("+91 98480 12345");
    await form.locator("button[type=submit]").click();
    await page.waitForURL("**/thank-you");
    expect(posted[0]).toMatchObject({ values: { name: "Lakshmi Devi", mobile: "9848012345" } });
    expect(errors).toEqual([]);
  });
});
