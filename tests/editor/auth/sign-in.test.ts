/**
 * Signing in to the editor, against a real server on 127.0.0.1: the guard, local accounts,
 * lockout, login CSRF, session fixation, time-outs, CSRF on writes and signing out.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AuthServer, Browser, startAuthServer } from "./auth-server";

let server: AuthServer;
const password = "correct horse battery staple";

beforeEach(async () => {
  server = await startAuthServer();
  await server.addPerson("asha@hospital.example", ["editor"], password);
});
afterEach(async () => {
  await server.close();
});

const minutes = (n: number) => n * 60_000;

describe("editor guard", () => {
  it("answers a signed-out API call 403 in words and sends a signed-out page to the sign-in", async () => {
    const browser = new Browser(server.origin);
    const api = await browser.request("/editor/api/things");
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ message: "Sign in to use the editor." });
    const write = await browser.request("/editor/api/things", { method: "POST" });
    expect(write.status).toBe(403);
    const page = await browser.request("/editor/changes?tab=open");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/editor/sign-in?next=%2Feditor%2Fchanges%3Ftab%3Dopen");
  });

  it("serves an accessible sign-in page with no inline script or style", async () => {
    const response = await new Browser(server.origin).request("/editor/sign-in");
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<input id="email"[^>]* autofocus/);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(html).not.toContain("Sign in with");
    const css = await new Browser(server.origin).request("/editor/auth/sign-in.css");
    expect(css.status).toBe(200);
  });
});

describe("signing in with a password", () => {
  it("starts a session with a cookie holding only a random id, and goes to the next page", async () => {
    const browser = new Browser(server.origin);
    const response = await browser.signIn("Asha@Hospital.Example", password, "/editor/changes?tab=open");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/editor/changes?tab=open");
    const cookie = browser.lastSetCookies.find((c) => c.startsWith("editor_session="));
    expect(cookie).toMatch(/^editor_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    const me = await browser.request("/editor/api/me");
    const body = (await me.json()) as { person: Record<string, unknown>; csrfToken: string };
    expect(body.person).toEqual({
      id: expect.any(String),
      email: "asha@hospital.example",
      name: "asha",
      roles: ["editor"],
      languages: [],
    });
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await browser.request("/editor/")).status).toBe(200);
    const [line] = await server.db.audit.list();
    expect(line).toMatchObject({ actor: "asha@hospital.example", action: "sign-in", detail: { method: "password" } });
  });

  it("never goes to another site after signing in", async () => {
    for (const next of ["//evil.example/editor/", "https://evil.example/editor/", "/elsewhere", "/editor/\\evil"]) {
      const browser = new Browser(server.origin);
      const response = await browser.signIn("asha@hospital.example", password, next);
      expect(response.headers.get("location")).toBe("/editor/");
    }
  });

  it("refuses a wrong password in words, records it, and logs no secret", async () => {
    const browser = new Browser(server.origin);
    const response = await browser.signIn("asha@hospital.example", "wrong password here");
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain(
      '<p class="error" id="sign-in-error" role="alert">The email or password is not right. Check them and try again.</p>',
    );
    expect(html).toMatch(/<input id="password"[^>]* autofocus aria-describedby="sign-in-error" aria-invalid="true">/);
    expect(browser.cookies.has("editor_session")).toBe(false);
    const [line] = await server.db.audit.list();
    expect(line).toMatchObject({ actor: null, action: "sign-in-failed", detail: { email: "asha@hospital.example" } });
    await browser.signIn("asha@hospital.example", password);
    const secrets = [
      password,
      "wrong password here",
      browser.cookies.get("editor_session") as string,
      await browser.csrf(),
    ];
    for (const secret of secrets) expect(server.logs.join("\n")).not.toContain(secret);
  });

  it("locks an account after five failures, says so in words, and opens it again after 15 minutes", async () => {
    const browser = new Browser(server.origin);
    for (let i = 1; i <= 4; i++) expect((await browser.signIn("asha@hospital.example", `guess ${i}`)).status).toBe(401);
    const fifth = await browser.signIn("asha@hospital.example", "guess 5");
    expect(await fifth.text()).toContain(
      "This account is locked for 15 minutes after too many failed sign-ins. Try again then, or ask an administrator to set a new password.",
    );
    server.advance(minutes(10));
    const right = await browser.signIn("asha@hospital.example", password);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("This account is locked for 5 minutes after too many failed sign-ins.");
    expect(browser.cookies.has("editor_session")).toBe(false);
    expect(server.logs.join("\n")).toContain('"reason":"account-locked","msg":"A sign-in was refused while locked"');
    server.advance(minutes(5));
    expect((await browser.signIn("asha@hospital.example", password)).status).toBe(303);
  });

  it("refuses a sign-in form that did not come from its own page (login CSRF)", async () => {
    const browser = new Browser(server.origin);
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const body = new URLSearchParams({
      email: "asha@hospital.example",
      password,
      form_token: "made-up",
      next: "/editor/",
    });
    const forged = await browser.request("/editor/sign-in", { method: "POST", headers: form, body });
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(
      "The sign-in form had expired or came from another site. Please sign in again.",
    );
    // The right token, but posted from another site's page.
    const html = await (await browser.request("/editor/sign-in")).text();
    body.set("form_token", /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "");
    const crossSite = await browser.request("/editor/sign-in", {
      method: "POST",
      headers: { ...form, origin: "https://evil.example" },
      body,
    });
    expect(crossSite.status).toBe(403);
    expect(browser.cookies.has("editor_session")).toBe(false);
  });

  it("keeps an open sign-in form working when the browser loads the page again (another tab, /favicon.ico)", async () => {
    const browser = new Browser(server.origin);
    const html = await (await browser.request("/editor/sign-in")).text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
    expect((await browser.request("/favicon.ico")).status).toBe(303);
    await browser.request("/editor/sign-in");
    const response = await browser.request("/editor/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "asha@hospital.example", password, form_token: token, next: "/editor/" }),
    });
    expect(response.status).toBe(303);
  });

  it("gives a new session id at sign-in, whatever id the browser brought (session fixation)", async () => {
    const browser = new Browser(server.origin);
    browser.cookies.set("editor_session", "planted-by-an-attacker");
    await browser.signIn("asha@hospital.example", password);
    const first = browser.cookies.get("editor_session") as string;
    expect(first).not.toBe("planted-by-an-attacker");
    await browser.signIn("asha@hospital.example", password);
    const second = browser.cookies.get("editor_session") as string;
    expect(second).not.toBe(first);
    const old = new Browser(server.origin);
    old.cookies.set("editor_session", first);
    expect((await old.request("/editor/api/things")).status).toBe(403);
  });
});

describe("sessions", () => {
  it("end after 30 idle minutes", async () => {
    const browser = new Browser(server.origin);
    await browser.signIn("asha@hospital.example", password);
    server.advance(minutes(29));
    expect((await browser.request("/editor/api/things")).status).toBe(200);
    server.advance(minutes(29));
    expect((await browser.request("/editor/api/things")).status).toBe(200);
    server.advance(minutes(31));
    expect((await browser.request("/editor/api/things")).status).toBe(403);
  });

  it("end 12 hours after sign-in however busy", async () => {
    const browser = new Browser(server.origin);
    await browser.signIn("asha@hospital.example", password);
    for (let t = 0; t < 12 * 60; t += 20) {
      server.advance(minutes(20));
      expect((await browser.request("/editor/api/things")).status).toBe(200);
    }
    server.advance(minutes(20));
    expect((await browser.request("/editor/api/things")).status).toBe(403);
    expect((await browser.request("/editor/")).status).toBe(303);
  });

  it("refuse a write without the session's CSRF token", async () => {
    const browser = new Browser(server.origin);
    await browser.signIn("asha@hospital.example", password);
    const message = {
      message:
        "This change was refused because it did not carry the editor's security token. Reload the page and try again.",
    };
    const none = await browser.request("/editor/api/things", { method: "POST" });
    expect(none.status).toBe(403);
    expect(await none.json()).toEqual(message);
    expect((await browser.request("/editor/api/things", { method: "POST", csrf: "wrong" })).status).toBe(403);
    const ok = await browser.request("/editor/api/things", { method: "POST", csrf: await browser.csrf() });
    expect(await ok.json()).toEqual({ saved: true });
  });

  it("end with sign-out here, and all of a person's sessions with sign-out everywhere", async () => {
    const laptop = new Browser(server.origin);
    const phone = new Browser(server.origin);
    const tablet = new Browser(server.origin);
    for (const b of [laptop, phone, tablet]) await b.signIn("asha@hospital.example", password);
    const out = await tablet.request("/editor/api/sign-out", { method: "POST", csrf: await tablet.csrf() });
    expect(await out.json()).toEqual({ signedOut: true });
    expect((await tablet.request("/editor/api/things")).status).toBe(403);
    expect((await phone.request("/editor/api/things")).status).toBe(200);
    const everywhere = await laptop.request("/editor/api/sign-out-everywhere", {
      method: "POST",
      csrf: await laptop.csrf(),
    });
    expect(await everywhere.json()).toEqual({ signedOut: true, sessions: 2 });
    expect((await phone.request("/editor/api/things")).status).toBe(403);
    expect((await laptop.request("/editor/api/things")).status).toBe(403);
  });

  it("refuse a route's role with 403 in words", async () => {
    const browser = new Browser(server.origin);
    await browser.signIn("asha@hospital.example", password);
    const response = await browser.request("/editor/api/publish", { method: "POST", csrf: await browser.csrf() });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      message: "Your role does not allow this. Ask an administrator if you need it.",
    });
  });
});

describe("behind https", () => {
  it("marks cookies Secure with the __Host- prefix", async () => {
    const secure = await startAuthServer({ publicOrigin: "https://editor.hospital.example" });
    try {
      const browser = new Browser(secure.origin);
      await browser.request("/editor/sign-in");
      expect(browser.lastSetCookies[0]).toMatch(
        /^__Host-editor_sign_in=[^;]+; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
    } finally {
      await secure.close();
    }
  });
});
