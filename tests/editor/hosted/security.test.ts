/**
 * The hosted editor against what an attacker or a careless request sends, over real HTTP on
 * 127.0.0.1: a foreign Host (DNS rebinding), a write without the session's token, paths outside
 * the site's config, oversized and over-nested bodies, a preview signed out, and the headers
 * every answer carries.
 */
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, type HostedEditor, startTestEditor } from "./hosted-editor";

/** A GET with headers fetch() will not send (Host). */
function rawGet(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

let editor: HostedEditor;
let meera: Client;
let changeSet: string;

beforeAll(async () => {
  editor = await startTestEditor({
    steps: {
      check: async () => ({ ok: true }),
      build: async () => ({ ok: true }),
      deploy: async () => ({ ok: true }),
    },
  });
  await editor.person("meera@hospital.example", ["editor"]);
  meera = await editor.signIn("meera@hospital.example");
  changeSet = (await meera.api<{ id: string }>("POST", "/editor/api/changes", { title: "Security" })).body.id;
}, 120_000);

afterAll(async () => {
  await editor?.stop();
}, 300_000);

describe("the hosted editor's defences", () => {
  it("refuses a request naming another Host, signed in or not", async () => {
    const { port } = new URL(editor.origin);
    const cookie = [...meera.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    for (const host of [`evil.example:${port}`, `localhost:${port}`, "127.0.0.1"]) {
      for (const headers of [{ host }, { host, cookie }] as Record<string, string>[]) {
        const answer = await rawGet(Number(port), "/editor/api/files", headers);
        expect(answer.status, host).toBe(403);
        expect(JSON.parse(answer.body)).toEqual({ message: `The editor answers at ${editor.origin} only.` });
      }
    }
  });

  it("refuses a write without the session's token, or with another's", async () => {
    const headers = { "content-type": "application/json", "x-change-set": changeSet };
    const none = await meera.fetch("/editor/api/changes", { method: "POST", headers, body: '{"title":"x"}' });
    expect(none.status).toBe(403);
    const wrong = await meera.fetch("/editor/api/changes", {
      method: "POST",
      headers: { ...headers, "x-csrf-token": "not-the-token" },
      body: '{"title":"x"}',
    });
    expect(wrong.status).toBe(403);
  });

  it("refuses a write from another site's page", async () => {
    meera.changeSet = changeSet;
    const answer = await meera.fetch("/editor/api/changes", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": meera.csrf, origin: "https://evil.example" },
      body: '{"title":"x"}',
    });
    meera.changeSet = undefined;
    expect(answer.status).toBe(403);
  });

  it("reads and writes nothing outside the site's config", async () => {
    meera.changeSet = changeSet;
    for (const path of [
      "../package.json",
      "site-config/../package.json",
      "/etc/passwd",
      "site-config/../../../../etc/passwd.json",
      "site-config/.git/config.json",
    ]) {
      const read = await meera.api("GET", `/editor/api/file?path=${encodeURIComponent(path)}`);
      expect(read.status, path).toBe(404);
      const write = await meera.api("PUT", "/editor/api/file", { path, data: { $schema: "x" }, baseHash: "x" });
      expect(write.status, path).toBe(404);
    }
    meera.changeSet = undefined;
  });

  it("answers oversized and over-nested bodies with 4xx in words", async () => {
    meera.changeSet = changeSet;
    const big = await meera.api("POST", "/editor/api/check", {
      path: "site-config/site.json",
      data: { x: "a".repeat(9 * 1024 * 1024) },
    });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ message: "The request is too large." });
    let deep: unknown = {};
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const nested = await meera.api("POST", "/editor/api/check", { path: "site-config/site.json", data: deep });
    expect(nested.status).toBe(400);
    expect(nested.body).toEqual({ message: "The request nests deeper than 64 levels; no config file does." });
    meera.changeSet = undefined;
  });

  it("shows the site and previews to nobody signed out", async () => {
    for (const path of ["/home", "/editor/", `/editor/changes/${changeSet}/site`, "/editor/preview"]) {
      const answer = await fetch(`${editor.origin}${path}`, { redirect: "manual" });
      expect(answer.status, path).toBe(303);
      expect(answer.headers.get("location"), path).toMatch(/^\/editor\/sign-in/);
    }
  });

  it("sends the security headers, with the site's own policy on the site's pages", async () => {
    const page = await meera.fetch("/editor/");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const site = await meera.fetch("/home");
    expect(site.headers.get("content-security-policy")).toContain("script-src 'self';");
    expect(site.headers.get("content-security-policy")).not.toContain("unsafe-eval");
  });
});
