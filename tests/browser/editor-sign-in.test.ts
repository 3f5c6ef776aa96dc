/**
 * The editor's sign-in page in Chromium, under the strict Content-Security-Policy the site has
 * (no inline script or style may run): a signed-out page leads to it, the email field has the
 * focus, a wrong password is said in words with the focus on the password, axe-core finds no
 * WCAG 2.1 A/AA problem in either state, and signing in lands on the page asked for.
 */
import type { Browser as Chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../../src/relay/security";
import { type AuthServer, startAuthServer } from "../editor/auth/auth-server";
import { axe, launchBrowser } from "./harness";

const password = "correct horse battery staple";
let chromium: Chromium;
let server: AuthServer;

beforeAll(async () => {
  [chromium, server] = await Promise.all([
    launchBrowser(),
    startAuthServer({ headers: { "content-security-policy": contentSecurityPolicy } }),
  ]);
  await server.addPerson("asha@hospital.example", ["editor"], password);
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

describe("editor sign-in page in Chromium", () => {
  it("is reached from a signed-out page, accessible, says a wrong password in words, and signs in", async () => {
    const context = await chromium.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    // A refused inline script or style would show here; the 401 of the wrong password is expected.
    page.on("console", (m) => {
      if (m.type() === "error" && !m.text().startsWith("Failed to load resource")) problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));

    await page.goto(`${server.origin}/editor/changes`);
    expect(new URL(page.url()).pathname).toBe("/editor/sign-in");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("email");
    // The stylesheet applied under the CSP: the button is the blue one, not the browser's grey.
    expect(await page.locator("button").evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(11, 79, 156)");
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Email").fill("asha@hospital.example");
    await page.getByLabel("Password").fill("not my password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("The email or password is not right. Check them and try again.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("password");
    expect(await page.getByLabel("Email").inputValue()).toBe("asha@hospital.example");
    expect(await axe(page)).toEqual([]);

    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/editor/changes");
    expect(problems).toEqual([]);
    await context.close();
  });
});
