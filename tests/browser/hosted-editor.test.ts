/**
 * The hosted editor as the content team uses it, in Debian's Chromium: people sign in through
 * the hospital's identity provider (a real OpenID provider on 127.0.0.1), an editor and a Telugu
 * translator each change something in a change set of their own, a reviewer approves both, a
 * publisher publishes both, and the live site, built by the project's own build, shows both; the
 * repository's history names both authors. The translator cannot change an English file.
 *
 * EDITOR_SCREENSHOT=1 also writes docs/editor-changes.png (a change set in words, as the reviewer sees it).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type HostedEditor, projectRoot, startTestEditor } from "../editor/hosted/hosted-editor";
import { type OidcProviderHandle, startOidcProvider } from "../helpers/oidc-provider";
import { launchBrowser } from "./harness";

let browser: Browser;
let editor: HostedEditor;
let provider: OidcProviderHandle;

const people = {
  editor: "meera@hospital.example",
  translator: "ravi@hospital.example",
  reviewer: "dr.rao@hospital.example",
  publisher: "sunita@hospital.example",
};
const newLabel = "Who We Are";
const teluguTitle = "సంప్రదించండి | పరీక్ష అనువాదం";

beforeAll(async () => {
  browser = await launchBrowser();
  editor = await startTestEditor({
    oidc: async (origin) => {
      provider = await startOidcProvider({
        accounts: Object.values(people).map((email) => ({ email, name: email.split("@")[0] })),
        client: { id: "editor", secret: "test-client-secret", redirect_uris: [`${origin}/editor/auth/oidc/callback`] },
      });
      return { issuer: provider.issuer, clientId: "editor", clientSecret: "test-client-secret", label: "Hospital ID" };
    },
  });
  await editor.person(people.editor, ["editor"], [], false);
  await editor.person(people.translator, ["translator"], ["te"], false);
  await editor.person(people.reviewer, ["reviewer"], [], false);
  await editor.person(people.publisher, ["publisher"], [], false);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await editor?.stop();
  await provider?.close();
}, 300_000);

/** A person's own browser, signed in through the identity provider. */
async function signIn(email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
  // Playwright's 30 s for a click or a wait is short on a busy 2-core CI machine, where this editor
  // builds previews and publishes beside other browser test files: a CI run once waited longer than
  // that for the Publish button to appear. The suite's own limit (120 s) applies instead.
  context.setDefaultTimeout(120_000);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error(`[${email}] ${e.message}`));
  // Leaving a file with a change the server refused: yes, leave it.
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(`${editor.origin}/editor/`);
  await page.getByRole("link", { name: "Sign in with Hospital ID" }).click();
  await page.locator("input[name=login]").fill(email);
  await page.locator("input[name=password]").fill("anything");
  await page.locator("button[type=submit]").first().click();
  await page.waitForURL(`${editor.origin}/editor/**`);
  await page
    .locator(".changeset-bar")
    .waitFor()
    .catch(async (error: Error) => {
      throw new Error(
        `${email} did not get into the editor (${page.url()}): ${((await page.locator("body").textContent()) ?? "").slice(0, 500)}\n${error.message}`,
      );
    });
  return page;
}

async function startChangeSet(page: Page, title: string) {
  await page.getByRole("button", { name: "+ New change set" }).click();
  await page.getByLabel("Name of the change set").fill(title);
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect
    .poll(() =>
      page.locator(".changeset-bar select").evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]?.text),
    )
    .toContain(title);
}

async function save(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.waitForFunction(
    () => !/^Checking|^Saving/.test(document.querySelector(".save-status")?.textContent ?? "Checking"),
  );
  return (await page.locator(".save-status").textContent()) ?? "";
}

async function openChanges(page: Page, title: string) {
  await page.goto(`${editor.origin}/editor/#changes`);
  const select = page.locator(".changes > label select");
  await select.waitFor();
  await expect
    .poll(() => select.locator("option").allTextContents())
    .toEqual(expect.arrayContaining([expect.stringContaining(title)]));
  const value = await select.locator("option", { hasText: title }).first().getAttribute("value");
  await select.selectOption(value ?? "");
  await page.locator("#changeset-title", { hasText: title }).waitFor();
}

describe("the hosted editor", { timeout: 600_000 }, () => {
  it("takes two people's changes through review and publishing to the live site", async () => {
    // The editor renames a menu entry in a change set of her own.
    const meera = await signIn(people.editor);
    await startChangeSet(meera, "Menu: Who We Are");
    await meera.goto(`${editor.origin}/editor/#file=site-config/navigation.json`);
    const label = meera.locator("#root_items_1_label");
    await expect.poll(() => label.inputValue()).toBe("About us");
    await label.fill(newLabel);
    expect(await save(meera)).toBe("Saved.");
    await openChanges(meera, "Menu: Who We Are");
    await expect
      .poll(() => meera.locator(".changes__fields li").allTextContents())
      .toContain(`Label: 'About us' → '${newLabel}'`);
    await meera.getByRole("button", { name: "Send for review" }).click();
    await meera.locator(".changes__status", { hasText: "waiting for review" }).waitFor();

    // The Telugu translator translates the contact page's title; an English file is not his.
    const ravi = await signIn(people.translator);
    await startChangeSet(ravi, "Telugu: contact page");
    await ravi.goto(`${editor.origin}/editor/#file=site-config/navigation.json`);
    const english = ravi.locator("#root_items_1_label");
    await expect.poll(() => english.inputValue()).toBe("About us");
    await english.fill("Our story");
    expect(await save(ravi)).toContain("only an editor can change");
    await ravi.goto(`${editor.origin}/editor/#file=site-config/pages/contact-us.json&lang=te`);
    const title = ravi.locator("textarea[id='t-meta.title']");
    await title.waitFor();
    await title.fill(teluguTitle);
    await ravi.getByRole("button", { name: "Save", exact: true }).click();
    await ravi.getByRole("status").filter({ hasText: "Saved" }).waitFor();
    await openChanges(ravi, "Telugu: contact page");
    await ravi.getByRole("button", { name: "Send for review" }).click();
    await ravi.locator(".changes__status", { hasText: "waiting for review" }).waitFor();

    // The reviewer approves both.
    const rao = await signIn(people.reviewer);
    for (const set of ["Menu: Who We Are", "Telugu: contact page"]) {
      await openChanges(rao, set);
      if (process.env.EDITOR_SCREENSHOT && set.startsWith("Menu"))
        await rao.screenshot({ path: path.join(projectRoot, "docs/editor-changes.png") });
      await rao.getByRole("button", { name: "Approve" }).click();
      await rao.locator(".changes__status", { hasText: "approved" }).waitFor();
    }

    // The publisher publishes both, one after the other, watching the progress.
    const sunita = await signIn(people.publisher);
    for (const set of ["Menu: Who We Are", "Telugu: contact page"]) {
      await openChanges(sunita, set);
      await sunita.getByRole("button", { name: "Publish", exact: true }).click();
      await sunita.locator(".publish__progress").waitFor();
      await sunita
        .locator(".publish__progress [role=status]")
        .filter({ hasText: /^Published|failed|Not published|problem/ })
        .waitFor({ timeout: 480_000 });
      expect(await sunita.locator(".publish__progress [role=status]").textContent()).toMatch(/^Published/);
    }

    // The live site shows both changes.
    const dist = path.join(editor.workspace.publishedDir(), "dist");
    expect(readFileSync(path.join(dist, "home", "index.html"), "utf8")).toContain(newLabel);
    expect(readFileSync(path.join(dist, "te", "contact-us", "index.html"), "utf8")).toContain(teluguTitle);
    const live = await sunita.context().request.get(`${editor.origin}/home`);
    expect(await live.text()).toContain(newLabel);

    // The repository's published branch names both authors.
    const authors = execFileSync("git", ["log", "--format=%an <%ae>", "main"], {
      cwd: editor.workspace.remote,
      encoding: "utf8",
    });
    expect(authors).toContain(`meera <${people.editor}>`);
    expect(authors).toContain(`ravi <${people.translator}>`);
  });
});
