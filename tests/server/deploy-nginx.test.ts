/**
 * docs/deploy/nginx.conf, as the deployment guide gives it, run by Debian's nginx against a real
 * build of the site, with a relay behind /api/: the same pages, fallbacks and headers as the relay
 * serves itself. Only the listen port, the paths and the upstream addresses are swapped, and each
 * swap must find its line, so the guide and this test cannot drift apart. The Netlify files are
 * held to the relay's headers and routes too.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../src/relay/app";
import { type NginxSite, nginxBinary, startNginxSite } from "../helpers/nginx-site";
import { tempDir } from "../helpers/relay";

const root = path.resolve(import.meta.dirname, "../..");
const deployDir = path.join(root, "docs", "deploy");
const run = promisify(execFile);
const out = tempDir("deploy-nginx-");
const dist = path.join(out.dir, "dist");
let relay: RunningServer;
let nginx: NginxSite | undefined;
let site = "";
/** nginx's https listener (a certificate made for the test) and that certificate. */
let secureSite = "";
let certificate = "";

/** Headers that describe the body or the connection, not the site's policy. */
const transport = new Set([
  "accept-ranges",
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "last-modified",
  "location",
  "server",
  "set-cookie",
  "transfer-encoding",
  "vary",
]);
const policyHeaders = (res: { headers: Headers }) =>
  Object.fromEntries([...res.headers.entries()].filter(([name]) => !transport.has(name)));

beforeAll(async () => {
  nginxBinary(); // fails here, before the build, on a machine without nginx
  // A real build, as npm run build makes it (the image variants aside): Vite, prerender, .gz/.br.
  const env = { ...process.env, NODE_ENV: "production" };
  const tsx = [path.join(root, "node_modules", "tsx", "dist", "cli.mjs")];
  await run(
    process.execPath,
    [path.join(root, "node_modules", "vite", "bin", "vite.js"), "build", "--outDir", dist, "--emptyOutDir"],
    { cwd: root, env, maxBuffer: 64 << 20 },
  );
  await run(process.execPath, [...tsx, "scripts/prerender.ts", "--dist", dist], {
    cwd: root,
    env,
    maxBuffer: 64 << 20,
  });
  await run(process.execPath, [...tsx, "scripts/compress.ts", dist], { cwd: root, env, maxBuffer: 64 << 20 });

  // Behind nginx, as deployed: it sets X-Forwarded-For and X-Forwarded-Proto.
  relay = await startServer({
    port: 0,
    distDir: dist,
    log: () => {},
    trustProxy: true,
    cards: { cacheDir: path.join(out.dir, "cards") },
  });
  nginx = await startNginxSite({
    dir: path.join(out.dir, "nginx"),
    dist,
    relayPort: Number(new URL(relay.url).port),
  });
  site = nginx.site;
  secureSite = nginx.secureSite;
  certificate = nginx.certificate;
}, 180_000);

afterAll(async () => {
  // nginx first, and waited for: its upstream keep-alive connections would hold the relay's close.
  await nginx?.close();
  await relay?.close();
  out.cleanup();
  // The relay's close lets deliveries under way finish (8 s at most): more than the default 10 s hook under load.
});

/** A request to nginx's https listener, trusting the test's certificate. */
function secure(pathname: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Headers }>((resolve, reject) => {
    const req = httpsRequest(
      `${secureSite}${pathname}`,
      { method: init.method ?? "GET", headers: init.headers, ca: certificate },
      (res) => {
        res.resume();
        res.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
          }
          resolve({ status: res.statusCode ?? 0, headers });
        });
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

/** nginx's and the relay's answers to the same request. */
async function both(pathname: string, init: RequestInit = {}) {
  const options = { redirect: "manual" as const, ...init };
  return [await fetch(`${site}${pathname}`, options), await fetch(`${relay.url}${pathname}`, options)];
}

describe("the nginx config of the deployment guide", () => {
  it("serves prerendered pages as the relay does, revalidated, with the relay's security headers", async () => {
    for (const pathname of ["/home", "/", "/contact-us", "/specialities/cardiology"]) {
      const [fromNginx, fromRelay] = await both(pathname);
      expect(fromNginx.status, pathname).toBe(200);
      expect(await fromNginx.text()).toBe(await fromRelay.text());
      expect(fromNginx.headers.get("cache-control")).toBe("no-cache");
      expect(policyHeaders(fromNginx)).toEqual(policyHeaders(fromRelay));
      expect(Object.keys(policyHeaders(fromNginx))).toContain("content-security-policy");
    }
  });

  it("answers an address with no page 404 with the app shell, never index.html or a redirect; a missing file 404", async () => {
    const shell = readFileSync(path.join(dist, "shell.html"), "utf8");
    for (const pathname of [
      "/nonexistent",
      "/specialities/cardiology/no-such",
      "/specialities/orthopedics/knee-replacement",
      "/te/no-such-page",
      "/old/page.html",
    ]) {
      const [fromNginx, fromRelay] = await both(pathname);
      expect([fromNginx.status, fromRelay.status], pathname).toEqual([404, 404]);
      const text = await fromNginx.text();
      expect(text).toBe(shell);
      expect(text).toBe(await fromRelay.text());
      expect(fromNginx.headers.get("cache-control")).toBe("no-cache");
      expect(policyHeaders(fromNginx)).toEqual(policyHeaders(fromRelay));
    }
    for (const pathname of ["/missing.js", "/assets/missing-AbCdEf12.js"]) {
      const [fromNginx, fromRelay] = await both(pathname);
      expect([fromNginx.status, fromRelay.status], pathname).toEqual([404, 404]);
      expect(await fromNginx.text()).not.toBe(shell);
    }
  });

  it("caches hashed assets for a year and sends the precompressed copy", async () => {
    const html = readFileSync(path.join(dist, "home", "index.html"), "utf8");
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const [fromNginx, fromRelay] = await both(asset!, { headers: { "Accept-Encoding": "gzip" } });
    expect(fromNginx.status).toBe(200);
    expect(fromNginx.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(fromRelay.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(fromNginx.headers.get("content-encoding")).toBe("gzip");
    expect(fromNginx.headers.get("content-type")).toMatch(/javascript/);
    expect(await fromNginx.text()).toBe(readFileSync(path.join(dist, asset!.slice(1)), "utf8"));
    expect(policyHeaders(fromNginx)).toEqual(policyHeaders(fromRelay));
  });

  it("gzips a page, which has no compressed copy, as the relay does", async () => {
    const pathname = "/specialities/cardiology";
    expect(existsSync(path.join(dist, pathname, "index.html.br"))).toBe(false);
    expect(existsSync(path.join(dist, pathname, "index.html.gz"))).toBe(false);
    const [fromNginx, fromRelay] = await both(pathname, { headers: { "Accept-Encoding": "gzip" } });
    const html = readFileSync(path.join(dist, pathname, "index.html"), "utf8");
    for (const res of [fromNginx, fromRelay]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
      expect(await res.text()).toBe(html);
    }
  });

  it("answers a page's og:image with its PNG, which a relay draws on the first request, cached for a year", async () => {
    const page = readFileSync(path.join(dist, "specialities/cardiology/index.html"), "utf8");
    const image = new URL(/<meta property="og:image" content="([^"]+)"/.exec(page)?.[1] ?? "").pathname;
    expect(image).toMatch(/^\/social\/[0-9a-f]{16}\.png$/);
    const [fromNginx, fromRelay] = await both(image);
    expect([fromNginx.status, fromRelay.status]).toEqual([200, 200]);
    expect(fromNginx.headers.get("content-type")).toBe("image/png");
    expect(fromNginx.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const png = Buffer.from(await fromNginx.arrayBuffer());
    expect(png.equals(Buffer.from(await fromRelay.arrayBuffer()))).toBe(true);
    const { width, height } = await sharp(png).metadata();
    expect({ width, height }).toEqual({ width: 1200, height: 630 });
    expect(policyHeaders(fromNginx)).toEqual(policyHeaders(fromRelay));
    const unknown = await fetch(`${site}/social/0123456789abcdef.png`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("cache-control")).not.toMatch(/immutable/);
  });

  it("hands /api/ to the relay: a first post without a token gets one, the retry is accepted", async () => {
    const body = JSON.stringify({
      form: "appointment",
      values: { name: "Asha Rao", mobile: "9876543210", email: "" },
      context: {},
      honeypot: "",
    });
    const headers = { "Content-Type": "application/json", Origin: site };
    const first = await fetch(`${site}/api/leads`, { method: "POST", headers, body });
    expect(first.status).toBe(403);
    expect(((await first.json()) as { error: string }).error).toBe("csrf");
    const token = first.headers.getSetCookie()[0].split(";")[0].slice("XSRF-TOKEN=".length);
    const again = await fetch(`${site}/api/leads`, {
      method: "POST",
      headers: { ...headers, Cookie: `XSRF-TOKEN=${token}`, "X-XSRF-TOKEN": token },
      body,
    });
    expect(again.status).toBe(202);
    expect(again.headers.get("cache-control")).toBe("no-store");
  });
});

describe("the nginx config over https", () => {
  it("sends HSTS for a year with includeSubDomains on https only, as the relay does", async () => {
    const https = await secure("/home");
    expect(https.status).toBe(200);
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const [plain, fromRelay] = await both("/home", { headers: { "X-Forwarded-Proto": "https" } });
    expect(policyHeaders(https)).toEqual(policyHeaders(fromRelay));
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });

  it("tells the relays the scheme (X-Forwarded-Proto), so their https answers carry HSTS too", async () => {
    const headers = { "Content-Type": "application/json", Origin: secureSite };
    const api = await secure("/api/leads", { method: "POST", headers, body: "{}" });
    expect(api.status).toBe(403);
    expect(api.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    // The cross-site cookie the relay hands out over https is Secure.
    expect(api.headers.getSetCookie()[0]).toMatch(/; Secure$/);
    const plain = await fetch(`${site}/api/leads`, {
      method: "POST",
      headers: { ...headers, Origin: site },
      body: "{}",
    });
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the Netlify files of the deployment guide", () => {
  it("send the relay's security headers, and cache hashed assets for a year", async () => {
    const text = readFileSync(path.join(deployDir, "netlify", "_headers"), "utf8");
    const blocks = new Map<string, Record<string, string>>();
    let current: Record<string, string> | undefined;
    for (const line of text.split("\n")) {
      if (line.startsWith("#") || line.trim() === "") continue;
      if (!line.startsWith(" ")) {
        current = {};
        blocks.set(line.trim(), current);
      } else if (current) {
        const colon = line.indexOf(":");
        current[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
    }
    // These hosts serve https only: the relay's answer to an https request (per its proxy).
    const [, fromRelay] = await both("/home", { headers: { "X-Forwarded-Proto": "https" } });
    expect(blocks.get("/*")).toEqual(policyHeaders(fromRelay));
    expect(blocks.get("/assets/*")).toEqual({ "cache-control": "public, max-age=31536000, immutable" });
  });

  it("leave an address with no page to the host's 404.html, the app shell the build writes, and cards not drawn to the relays", () => {
    const redirects = readFileSync(path.join(deployDir, "netlify", "_redirects"), "utf8");
    const rules = redirects.split("\n").filter((line) => line.trim() && !line.startsWith("#"));
    expect(rules.map((line) => line.split(/\s+/)[0])).toEqual(["/api/*", "/social/*"]);
    expect(readFileSync(path.join(dist, "404.html"), "utf8")).toBe(readFileSync(path.join(dist, "shell.html"), "utf8"));
  });
});
