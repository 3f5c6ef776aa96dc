import { describe, expect, it } from "vitest";
import { formatRate, parseRate, readSettings } from "../../src/relay/settings";

describe("relay settings", () => {
  it("reads rates as requests per period", () => {
    expect(parseRate("5/5s")).toEqual({ count: 5, perMs: 5000 });
    expect(parseRate("300/1m")).toEqual({ count: 300, perMs: 60_000 });
    expect(parseRate("20/500ms")).toEqual({ count: 20, perMs: 500 });
    expect(parseRate("2/s")).toEqual({ count: 2, perMs: 1000 });
    expect(formatRate({ count: 5, perMs: 5000 })).toBe("5/5s");
    for (const bad of ["5", "0/5s", "5/0s", "five/5s", "5/5 days"]) {
      expect(() => parseRate(bad, "LEADS_RATE")).toThrow(/^LEADS_RATE: '.*' is not a rate/);
    }
  });

  it("has defaults that work with no settings at all (outbox only)", () => {
    const s = readSettings({}, "/srv/site");
    expect(s).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dbFile: "/srv/site/leads.db",
      distDir: "/srv/site/dist",
      crm: undefined,
      deliveryRate: { count: 5, perMs: 5000 },
      deliveryConcurrency: 1,
      clientRate: { count: 10, perMs: 60_000 },
      trustProxy: false,
    });
  });

  it("takes the CRM settings when all three are set", () => {
    const s = readSettings({
      LEADSQUARED_BASE_URL: "https://api-in21.leadsquared.com/v2",
      LEADSQUARED_ACCESS_KEY: "u-access",
      LEADSQUARED_SECRET_KEY: "secret",
      LEADS_RATE: "10/5s",
      LEADS_DB: "/var/lib/site/leads.db",
    });
    expect(s.crm).toEqual({
      baseUrl: "https://api-in21.leadsquared.com/v2",
      accessKey: "u-access",
      secretKey: "secret",
      timeoutMs: 15_000,
    });
    expect(s.deliveryRate).toEqual({ count: 10, perMs: 5000 });
    expect(s.dbFile).toBe("/var/lib/site/leads.db");
  });

  it("refuses settings it could not act on, naming the variable", () => {
    expect(() => readSettings({ LEADSQUARED_ACCESS_KEY: "a" })).toThrow(
      "LEADSQUARED_BASE_URL, LEADSQUARED_SECRET_KEY: set all three",
    );
    const crm = { LEADSQUARED_ACCESS_KEY: "a", LEADSQUARED_SECRET_KEY: "b" };
    expect(() => readSettings({ ...crm, LEADSQUARED_BASE_URL: "http://crm.example/v2" })).toThrow(/must use https/);
    expect(() => readSettings({ ...crm, LEADSQUARED_BASE_URL: "https://crm.example/v2/LeadManagement.svc" })).toThrow(
      /up to and not including LeadManagement.svc/,
    );
    expect(() => readSettings({ PORT: "eighty" })).toThrow(/^PORT:/);
    expect(() => readSettings({ SITE_ORIGIN: "https://site.example/path" })).toThrow(/^SITE_ORIGIN:/);
  });

  it("reads the settings of several relays: PostgreSQL, lease, retention, metrics, log level", () => {
    const s = readSettings({
      DATABASE_URL: "postgres://relay:secret@db:5432/leads",
      LEADS_CRM_TIMEOUT_MS: "20000",
      LEADS_RETENTION_DAYS: "7",
      METRICS_PORT: "9464",
      LOG_LEVEL: "warn",
    });
    expect(s).toMatchObject({
      databaseUrl: "postgres://relay:secret@db:5432/leads",
      leaseMs: 70_000,
      retentionMs: 7 * 86_400_000,
      metrics: { port: 9464, host: "127.0.0.1" },
      logLevel: "warn",
    });
    expect(readSettings({})).toMatchObject({
      databaseUrl: undefined,
      leaseMs: 60_000,
      retentionMs: 30 * 86_400_000,
      metrics: undefined,
    });
    expect(() => readSettings({ DATABASE_URL: "mysql://db/leads" })).toThrow(/^DATABASE_URL: must be a PostgreSQL URL/);
    expect(() => readSettings({ LEADS_RETENTION_DAYS: "0" })).toThrow(/^LEADS_RETENTION_DAYS:/);
    expect(() => readSettings({ LOG_LEVEL: "loud" })).toThrow(/^LOG_LEVEL:/);
  });

  it("reads where link preview cards are kept and how many are drawn at once", () => {
    expect(readSettings({}, "/srv/site").cards).toEqual({
      cacheDir: "/srv/site/node_modules/.cache/social-cards",
      threads: 1,
      queue: 100,
    });
    expect(
      readSettings({ SOCIAL_CARD_CACHE: "/data/social-cards", CARD_THREADS: "2", CARD_QUEUE: "0" }, "/srv/site").cards,
    ).toEqual({ cacheDir: "/data/social-cards", threads: 2, queue: 0 });
    expect(() => readSettings({ CARD_THREADS: "0" })).toThrow(
      "CARD_THREADS: '0' must be a whole number of at least 1.",
    );
  });

  it("needs SITE_ORIGIN for a production start, and says why in a full sentence with an example", () => {
    const why = (reason: string) =>
      `SITE_ORIGIN: set it to the site's public origin, such as SITE_ORIGIN=https://www.hospitals.example. This is a production start (${reason}), and the relay takes leads only from pages of the site's own origin: without SITE_ORIGIN it could only go by the Host each request names, which anyone can choose.`;
    expect(() => readSettings({ NODE_ENV: "production" })).toThrow(why("NODE_ENV is production"));
    expect(() => readSettings({ HOST: "0.0.0.0" })).toThrow(why("HOST=0.0.0.0 takes connections from other machines"));
    expect(() => readSettings({ HOST: "::" })).toThrow(why("HOST=:: takes connections from other machines"));
    expect(() => readSettings({ TRUST_PROXY: "1" })).toThrow(why("TRUST_PROXY says a reverse proxy is in front"));
    const origin = "https://www.hospitals.example";
    expect(readSettings({ NODE_ENV: "production", HOST: "0.0.0.0", SITE_ORIGIN: origin })).toMatchObject({
      host: "0.0.0.0",
      siteOrigin: origin,
    });
    // npm start: this machine only, no setting needed.
    for (const HOST of [undefined, "127.0.0.1", "localhost", "::1"]) {
      expect(readSettings({ HOST }).siteOrigin).toBeUndefined();
    }
  });

  it("reads TRUST_PROXY as a number of proxies", () => {
    const origin = { SITE_ORIGIN: "https://www.hospitals.example" };
    expect(readSettings({ ...origin, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(readSettings({ ...origin, TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(readSettings({ ...origin, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(readSettings({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(readSettings({ TRUST_PROXY: "" }).trustProxy).toBe(false);
    expect(() => readSettings({ ...origin, TRUST_PROXY: "nginx" })).toThrow(
      /^TRUST_PROXY: 'nginx' is not a number of proxies: write 1 behind one reverse proxy/,
    );
  });
});
