import { afterEach, describe, expect, it } from "vitest";
import { startTestRelay, type TestRelay } from "../helpers/relay";

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

const csp =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

function expectSecurityHeaders(res: Response) {
  expect(res.headers.get("content-security-policy")).toBe(csp);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
}

describe("static server", () => {
  it("serves pages with the security headers, no caching, and the cross-site token cookie", async () => {
    relay = await startTestRelay();
    const res = await fetch(`${relay.url}/specialities/cardiology/anything`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<div id="root">');
    expectSecurityHeaders(res);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const [cookie] = res.headers.getSetCookie();
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+; Path=\/; SameSite=Strict; Max-Age=\d+$/);
    // Readable by the page's script, which echoes it.
    expect(cookie).not.toMatch(/HttpOnly/i);
  });

  it("does not hand out a new token to a request that holds a valid one", async () => {
    relay = await startTestRelay();
    const first = await fetch(`${relay.url}/home`);
    const token = first.headers.getSetCookie()[0].split(";")[0];
    const again = await fetch(`${relay.url}/home`, { headers: { Cookie: token } });
    expect(again.headers.getSetCookie()).toEqual([]);
    const forged = await fetch(`${relay.url}/home`, { headers: { Cookie: "XSRF-TOKEN=abc.def" } });
    expect(forged.headers.getSetCookie()).toHaveLength(1);
  });

  it("caches hashed assets for good, with the security headers and no cookie", async () => {
    relay = await startTestRelay();
    const res = await fetch(`${relay.url}/assets/index-AbCdEf12.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(res);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("answers API requests it does not know with JSON and the security headers", async () => {
    relay = await startTestRelay();
    const get = await fetch(`${relay.url}/api/leads`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expectSecurityHeaders(get);
    const missing = await fetch(`${relay.url}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expectSecurityHeaders(missing);
  });
});
