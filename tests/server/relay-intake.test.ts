import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { appointmentBody, pageToken, postLead, startTestRelay, type TestRelay } from "../helpers/relay";

let relay: TestRelay | undefined;
afterEach(async () => {
  await relay?.stop();
  relay = undefined;
});

function rows(dbFile: string) {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db.prepare("SELECT * FROM leads ORDER BY seq").all() as {
      id: string;
      status: string;
      payload: string;
      attributes: string;
      form: string;
    }[];
  } finally {
    db.close();
  }
}

describe("lead relay: who may post", () => {
  it("accepts a lead from the site's own origin with a matching token pair (202)", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const res = await postLead(relay.url, appointmentBody(), { token });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { status: string; id: string };
    expect(body.status).toBe("accepted");
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a post without Origin, or from another origin (403)", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    for (const origin of [null, "https://evil.example", "http://127.0.0.1:1"]) {
      const res = await postLead(relay.url, appointmentBody(), { token, origin });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: "forbidden",
        message: "This request did not come from this website. Please reload the page and try again.",
      });
    }
    expect(rows(relay.dbFile)).toHaveLength(0);
  });

  it("checks the Origin against SITE_ORIGIN when one is set", async () => {
    relay = await startTestRelay({ siteOrigin: "https://www.hospitals.example" });
    const token = await pageToken(relay.url);
    expect((await postLead(relay.url, appointmentBody(), { token })).status).toBe(403);
    const ok = await postLead(relay.url, appointmentBody(), { token, origin: "https://www.hospitals.example" });
    expect(ok.status).toBe(202);
  });

  it("refuses a missing, mismatched or unsigned token pair (403 csrf) and hands out a fresh cookie", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const other = await pageToken(relay.url);
    const cases = [
      { token: null, cookie: null },
      { token, cookie: null },
      { token: null, cookie: token },
      { token, cookie: other },
      { token: "forged.signature", cookie: "forged.signature" },
    ];
    for (const c of cases) {
      const res = await postLead(relay.url, appointmentBody(), c);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("csrf");
      const fresh = res.headers.getSetCookie().find((s) => s.startsWith("XSRF-TOKEN="));
      expect(fresh).toMatch(/SameSite=Strict/);
    }
    expect(rows(relay.dbFile)).toHaveLength(0);
  });

  it("keeps tokens valid across a restart (the signing key lives in the outbox file)", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const { dbFile, dir } = relay;
    await relay.running.close();
    const { startServer } = await import("../../src/relay/app");
    const again = await startServer({ port: 0, distDir: `${dir}/dist`, leadsDb: dbFile, log: () => {} });
    try {
      expect((await postLead(again.url, appointmentBody(), { token })).status).toBe(202);
    } finally {
      await again.close();
    }
  });

  it("limits leads per client address (429, generic body, Retry-After)", async () => {
    relay = await startTestRelay({ clientRate: { count: 3, perMs: 60_000 } });
    const token = await pageToken(relay.url);
    for (let i = 0; i < 3; i++) {
      expect((await postLead(relay.url, appointmentBody(), { token })).status).toBe(202);
    }
    const res = await postLead(relay.url, appointmentBody(), { token });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await res.json()).toEqual({
      error: "rate_limited",
      message: "Too many requests. Please wait a minute and try again.",
    });
    expect(rows(relay.dbFile)).toHaveLength(3);
  });
});

describe("lead relay: what is kept", () => {
  it("answers a filled-in honeypot with 202 and keeps nothing", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const res = await postLead(relay.url, appointmentBody({ honeypot: "http://spam.example" }), { token });
    expect(res.status).toBe(202);
    expect(((await res.json()) as { status: string }).status).toBe("accepted");
    expect(rows(relay.dbFile)).toHaveLength(0);
  });

  it("validates again on the server with the form's rules (400 with each field's exact message)", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const res = await postLead(
      relay.url,
      appointmentBody({ values: { name: "A", mobile: "12345", email: "not-an-email" } }),
      { token },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid",
      fields: {
        name: "Name must be at least 2 characters",
        mobile: "Please enter a valid 10-digit mobile number",
        email: "Please enter a valid email address",
      },
    });
    const empty = await postLead(relay.url, appointmentBody({ values: {} }), { token });
    expect(await empty.json()).toEqual({
      error: "invalid",
      fields: { name: "Name is required", mobile: "Mobile number is required" },
    });
    const booking = await postLead(
      relay.url,
      {
        form: "booking",
        values: { name: "Asha", mobile: "9876543210", email: "", location: "Paris", department: "Cardiology" },
      },
      { token },
    );
    expect(await booking.json()).toEqual({
      error: "invalid",
      fields: { email: "Email is required", location: "Please choose one of the options" },
    });
    expect(rows(relay.dbFile)).toHaveLength(0);
  });

  it("refuses an unknown form, a body that is not JSON, and another content type", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const unknown = await postLead(relay.url, appointmentBody({ form: "nope" }), { token });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: string }).error).toBe("unknown_form");
    const bad = await postLead(relay.url, null, { token, raw: "{not json" });
    expect(bad.status).toBe(400);
    const text = await postLead(relay.url, appointmentBody(), { token, headers: { "Content-Type": "text/plain" } });
    expect(text.status).toBe(415);
    // As a browser posts a form before the page's script has run: the cookie, but no token header.
    const early = await postLead(relay.url, null, {
      cookie: token,
      raw: "name=Asha&mobile=9876543210",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    });
    expect(early.status).toBe(415);
    expect(await early.text()).toBe(
      "Your request has not been sent yet: the page was still loading. Please go back, wait a moment and send it again, or call us on +91 40 0000 0000.",
    );
    const huge = await postLead(relay.url, appointmentBody({ pad: "x".repeat(20_000) }), { token });
    expect(huge.status).toBe(413);
  });

  it("builds the lead from the form's config, ignoring anything else the browser sends", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const res = await postLead(
      relay.url,
      appointmentBody({
        values: { name: "  Asha Rao ", mobile: "9876543210", email: "", extra: "x" },
        context: { treatment: `Heart Failure${"!".repeat(500)}`, department: "Cardiology", evil: "y" },
        attributes: [{ Attribute: "Source", Value: "Forged" }],
        payload: { fullName: "Forged" },
      }),
      { token },
    );
    expect(res.status).toBe(202);
    const [row] = rows(relay.dbFile);
    const payload = JSON.parse(row.payload) as Record<string, string>;
    expect(payload.fullName).toBe("Asha Rao");
    // Issue 17: no treatment of that name exists, so the page's department is the collection's
    // default, from the site's config (before, it was the first 120 characters the browser sent).
    expect(payload.department).toBe("Cardiology");
    const attributes = JSON.parse(row.attributes) as { Attribute: string; Value: string }[];
    expect(attributes.find((a) => a.Attribute === "Source")?.Value).toBe("Website - Book An Appointment");
    expect(attributes.find((a) => a.Attribute === "EmailAddress")?.Value).toBe("");
  });

  it("has the lead on disk when it answers 202", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const res = await postLead(relay.url, appointmentBody(), { token });
    const { id } = (await res.json()) as { id: string };
    // A second connection, as another process would open the file.
    const stored = rows(relay.dbFile);
    expect(stored.map((r) => [r.id, r.status, r.form])).toEqual([[id, "pending", "appointment"]]);
  });
});

describe("lead relay: Idempotency-Key", () => {
  it("answers a retried request with the first answer and keeps one lead", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const key = "3f2b7c9a0d1e4f5a6b7c8d9e0f1a2b3c";
    const first = await postLead(relay.url, appointmentBody(), { token, key });
    const second = await postLead(relay.url, appointmentBody(), { token, key });
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    expect(await second.json()).toEqual(await first.json());
    expect(rows(relay.dbFile)).toHaveLength(1);
  });

  it("keeps one lead when the same key arrives many times at once", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const key = "same-key-at-once-0001";
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postLead(relay!.url, appointmentBody(), { token, key })),
    );
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as { id: string }).id)));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(ids.size).toBe(1);
    expect(rows(relay.dbFile)).toHaveLength(1);
  });

  it("refuses the same key with other answers (422), and a malformed key (400)", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    const key = "key-with-other-answers";
    expect((await postLead(relay.url, appointmentBody(), { token, key })).status).toBe(202);
    const other = appointmentBody({ values: { name: "Ravi Kumar", mobile: "9876543211", email: "" } });
    const res = await postLead(relay.url, other, { token, key });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toBe("idempotency_conflict");
    expect((await postLead(relay.url, appointmentBody(), { token, key: "bad key!" })).status).toBe(400);
    expect(rows(relay.dbFile)).toHaveLength(1);
  });

  it("makes every request without a key a new lead", async () => {
    relay = await startTestRelay();
    const token = await pageToken(relay.url);
    await postLead(relay.url, appointmentBody(), { token });
    await postLead(relay.url, appointmentBody(), { token });
    expect(rows(relay.dbFile)).toHaveLength(2);
  });
});
