/**
 * Signing in through the hospital's identity provider: OpenID Connect's authorization code flow
 * with PKCE, against a real provider on 127.0.0.1 (tests/helpers/oidc-provider.ts), its login
 * form driven with plain HTTP requests, cookies kept as a browser keeps them (by host).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcProviderHandle, startOidcProvider } from "../../helpers/oidc-provider";
import { freePort } from "../../helpers/relay-process";
import { type AuthServer, Browser, startAuthServer } from "./auth-server";

let provider: OidcProviderHandle;
let server: AuthServer;
const clientSecret = "editor-client-secret-for-tests";

beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcProvider({
    accounts: [
      { email: "ravi@hospital.example", name: "Ravi Kumar" },
      { email: "stranger@hospital.example", name: "Not In The Editor" },
      { email: "unverified@hospital.example", name: "Unverified", emailVerified: false },
    ],
    client: {
      id: "hospital-editor",
      secret: clientSecret,
      redirect_uris: [`http://127.0.0.1:${port}/editor/auth/oidc/callback`],
    },
  });
  server = await startAuthServer({
    port,
    oidc: { issuer: provider.issuer, clientId: "hospital-editor", clientSecret, label: "Hospital account" },
  });
  await server.addPerson("ravi@hospital.example", ["translator"], undefined, ["te"]);
  await server.addPerson("unverified@hospital.example", ["editor"]);
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

/** Follows the browser from the editor's "Sign in with ..." link through the provider's login form and back. */
async function signInThroughProvider(browser: Browser, login: string, next = "/editor/changes") {
  let response = await browser.request(`/editor/auth/oidc?next=${encodeURIComponent(next)}`);
  expect(response.status).toBe(303);
  const authorize = new URL(response.headers.get("location") as string);
  expect(authorize.origin).toBe(provider.issuer);
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  let url = authorize.href;
  for (let hops = 0; hops < 10; hops++) {
    response = await browser.request(url);
    if (response.status === 200) {
      const form = await response.text();
      const action = /<form[^>]* action="([^"]+)"/.exec(form)?.[1] as string;
      response = await browser.request(new URL(action, url).href, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login, password: "anything" }),
      });
    }
    const location = response.headers.get("location");
    if (!location) return response;
    url = new URL(location, url).href;
    if (url.startsWith(`${server.origin}/editor/auth/oidc/callback`)) return browser.request(url);
  }
  throw new Error("The provider never sent the browser back to the editor");
}

describe("signing in with OpenID Connect", () => {
  it("offers the provider on the sign-in page", async () => {
    const html = await (await new Browser(server.origin).request("/editor/sign-in?next=/editor/x")).text();
    expect(html).toContain(
      '<a class="button secondary" href="/editor/auth/oidc?next=%2Feditor%2Fx">Sign in with Hospital account</a>',
    );
  });

  it("signs in a person the editor knows by their verified email, with a fresh session, and records it", async () => {
    const browser = new Browser(server.origin);
    browser.cookies.set("editor_session", "planted-by-an-attacker");
    const back = await signInThroughProvider(browser, "ravi@hospital.example");
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe("/editor/changes");
    expect(browser.cookies.get("editor_session")).not.toBe("planted-by-an-attacker");
    const me = (await (await browser.request("/editor/api/me")).json()) as {
      person: { email: string; roles: string[] };
    };
    expect(me.person).toMatchObject({ email: "ravi@hospital.example", roles: ["translator"], languages: ["te"] });
    expect((await server.db.audit.list(1))[0]).toMatchObject({
      actor: "ravi@hospital.example",
      action: "sign-in",
      detail: { method: "oidc" },
    });
    expect(server.logs.join("\n")).not.toContain(clientSecret);
    expect(server.logs.join("\n")).not.toMatch(/code=/);
  });

  it("refuses an email the editor does not know, in words", async () => {
    const browser = new Browser(server.origin);
    const back = await signInThroughProvider(browser, "stranger@hospital.example");
    expect(back.status).toBe(403);
    expect(await back.text()).toContain(
      "stranger@hospital.example has no account in this editor. Ask your administrator to add you, then sign in again.",
    );
    expect(browser.cookies.has("editor_session")).toBe(false);
    expect((await server.db.audit.list(1))[0]).toMatchObject({
      actor: null,
      action: "sign-in-failed",
      detail: { method: "oidc", reason: "no account", email: "stranger@hospital.example" },
    });
  });

  it("refuses an email the provider does not vouch for", async () => {
    const back = await signInThroughProvider(new Browser(server.origin), "unverified@hospital.example");
    expect(back.status).toBe(403);
    expect(await back.text()).toContain("Your identity provider did not confirm your email address");
  });

  it("refuses a return from the provider that this browser did not start (login CSRF)", async () => {
    const attacker = new Browser(server.origin);
    const start = await attacker.request("/editor/auth/oidc");
    const state = new URL(start.headers.get("location") as string).searchParams.get("state");
    const victim = new Browser(server.origin);
    const back = await victim.request(`/editor/auth/oidc/callback?code=stolen&state=${state}`);
    expect(back.status).toBe(403);
    expect(await back.text()).toContain(
      "Signing in with your organisation&#39;s account did not complete. Please try again.",
    );
    expect(victim.cookies.has("editor_session")).toBe(false);
  });
});
