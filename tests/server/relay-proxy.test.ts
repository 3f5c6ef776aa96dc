/**
 * Issue 17: the relay behind a reverse proxy. Without TRUST_PROXY every visitor has the proxy's
 * address; with it, the per-address lead limit keys on the address the proxy reports, and https
 * responses (per X-Forwarded-Proto) carry HSTS. Against a real relay on 127.0.0.1, the test
 * playing the proxy.
 */
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, isHttps, limitKey, proxyWarning } from "../../src/relay/proxy";
import { appointmentBody, pageToken, postLead, startTestRelay, type TestRelay } from "../helpers/relay";

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

const hsts = "max-age=31536000; includeSubDomains";

/** The statuses of posting one lead each, as from these X-Forwarded-For values. */
async function statuses(r: TestRelay, forwardedFor: string[]): Promise<number[]> {
  const token = await pageToken(r.url);
  const out: number[] = [];
  for (const xff of forwardedFor) {
    const res = await postLead(r.url, appointmentBody(), { token, headers: { "X-Forwarded-For": xff } });
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

describe("the per-address lead limit behind a proxy", () => {
  it("without TRUST_PROXY counts every visitor as the proxy's one address", async () => {
    relay = await startTestRelay({ clientRate: { count: 2, perMs: 60_000 } });
    expect(await statuses(relay, ["203.0.113.1", "203.0.113.2", "203.0.113.3"])).toEqual([202, 202, 429]);
  });

  it("with TRUST_PROXY keys on the address the proxy added, never on entries the client wrote", async () => {
    relay = await startTestRelay({ clientRate: { count: 2, perMs: 60_000 }, trustProxy: true });
    expect(
      await statuses(relay, [
        "203.0.113.1",
        "203.0.113.1",
        "203.0.113.1",
        // Another patient of the same site, through the same proxy.
        "203.0.113.2",
        // The first one again, with made-up entries in front of the proxy's.
        "198.51.100.7, 203.0.113.1",
      ]),
    ).toEqual([202, 202, 429, 202, 429]);
  });

  it("behind two proxies (TRUST_PROXY=2) takes the entry the outer one added", async () => {
    relay = await startTestRelay({ clientRate: { count: 1, perMs: 60_000 }, trustProxy: 2 });
    expect(
      await statuses(relay, ["203.0.113.1, 10.0.0.2", "203.0.113.2, 10.0.0.2", "198.51.100.7, 203.0.113.1, 10.0.0.3"]),
    ).toEqual([202, 202, 429]);
  });

  it("counts an IPv6 visitor by the /64 it is given, and an IPv4 one written as IPv6 as IPv4", async () => {
    relay = await startTestRelay({ clientRate: { count: 2, perMs: 60_000 }, trustProxy: true });
    expect(
      await statuses(relay, [
        "2001:db8:1:2::1",
        "2001:db8:1:2:ffff:ffff:ffff:9",
        "2001:db8:1:2::abcd",
        "2001:db8:1:3::1",
        "203.0.113.9",
        "::ffff:203.0.113.9",
        "203.0.113.9",
      ]),
    ).toEqual([202, 202, 429, 202, 202, 202, 429]);
  });
});

describe("HSTS", () => {
  it("is sent for a year with includeSubDomains on https responses, and never on plain http", async () => {
    relay = await startTestRelay({ trustProxy: true });
    const https = { "X-Forwarded-Proto": "https" };
    for (const pathname of ["/home", "/assets/index-AbCdEf12.js", "/api/leads", "/api/nothing-here", "/missing.js"]) {
      const secure = await fetch(`${relay.url}${pathname}`, { headers: https });
      expect(secure.headers.get("strict-transport-security"), pathname).toBe(hsts);
      const plain = await fetch(`${relay.url}${pathname}`, { headers: { "X-Forwarded-Proto": "http" } });
      expect(plain.headers.get("strict-transport-security"), pathname).toBeNull();
      const direct = await fetch(`${relay.url}${pathname}`);
      expect(direct.headers.get("strict-transport-security"), pathname).toBeNull();
    }
    const token = await pageToken(relay.url);
    const lead = await postLead(relay.url, appointmentBody(), { token, origin: relay.url, headers: https });
    // The Origin is http://127.0.0.1:…, the request https: refused, and still with HSTS.
    expect([lead.status, lead.headers.get("strict-transport-security")]).toEqual([403, hsts]);
  });

  it("is not sent for an X-Forwarded-Proto nobody trusted", async () => {
    relay = await startTestRelay();
    const res = await fetch(`${relay.url}/home`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("proxy headers, function by function", () => {
  const request = (headers: Record<string, string>, remoteAddress = "10.0.0.1", encrypted = false) =>
    ({ headers, socket: { remoteAddress, encrypted } as unknown as Socket }) as IncomingMessage;

  it("reads the client's address per the number of trusted proxies", () => {
    const req = request({ "x-forwarded-for": "198.51.100.7, 203.0.113.1, 10.0.0.9" });
    expect(clientAddress(req, false)).toBe("10.0.0.1");
    expect(clientAddress(req, true)).toBe("10.0.0.9");
    expect(clientAddress(req, 2)).toBe("203.0.113.1");
    // More hops than entries: the leftmost entry, as proxy-addr does.
    expect(clientAddress(req, 9)).toBe("198.51.100.7");
    expect(clientAddress(request({ "x-forwarded-for": "[2001:db8::1]:443" }), 1)).toBe("2001:db8::1");
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.1:5000" }), 1)).toBe("203.0.113.1");
    // Not an address: the socket's stands in.
    expect(clientAddress(request({ "x-forwarded-for": "unknown" }), 1)).toBe("10.0.0.1");
    expect(clientAddress(request({}), 1)).toBe("10.0.0.1");
  });

  it("takes https from a TLS socket, or from a trusted X-Forwarded-Proto", () => {
    expect(isHttps(request({ "x-forwarded-proto": "https" }), false)).toBe(false);
    expect(isHttps(request({ "x-forwarded-proto": "https" }), 1)).toBe(true);
    expect(isHttps(request({ "x-forwarded-proto": "HTTPS" }), 1)).toBe(true);
    expect(isHttps(request({ "x-forwarded-proto": "https, http" }), 1)).toBe(false);
    expect(isHttps(request({}, "10.0.0.1", true), false)).toBe(true);
  });

  it("keys IPv6 by /64 and mapped IPv4 as IPv4", () => {
    expect(limitKey("203.0.113.1")).toBe("203.0.113.1");
    expect(limitKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(limitKey("2001:DB8::1")).toBe("2001:db8:0:0::/64");
    expect(limitKey("::1")).toBe("0:0:0:0::/64");
    expect(limitKey("::ffff:203.0.113.1")).toBe("203.0.113.1");
    expect(limitKey("64:ff9b::203.0.113.1")).toBe("64:ff9b:0:0::/64");
  });

  it("warns about a public address without TRUST_PROXY only", () => {
    expect(proxyWarning("0.0.0.0", false)).toMatch(/^Listening on 0\.0\.0\.0 without TRUST_PROXY\./);
    expect(proxyWarning("::", false)).toMatch(/^Listening on :: without TRUST_PROXY\./);
    expect(proxyWarning("0.0.0.0", 1)).toBeUndefined();
    expect(proxyWarning("127.0.0.1", false)).toBeUndefined();
    expect(proxyWarning("localhost", false)).toBeUndefined();
  });
});
