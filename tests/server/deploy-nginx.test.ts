/**
 * docs/deploy/nginx.conf, as the deployment guide gives it, run by Debian's nginx against a real
 * build of the site, with a relay behind /api/: the same pages, fallbacks and headers as the relay
 * serves itself. Only the listen port, the paths and the upstream addresses are swapped, and each
 * swap must find its line, so the guide and this test cannot drift apart. The Netlify files are
 * held to the relay's headers and routes too.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../src/relay/app";
import { tempDir } from "../helpers/relay";
import { freePort } from "../helpers/relay-process";

const root = path.resolve(import.meta.dirname, "../..");
const deployDir = path.join(root, "docs", "deploy");
const run = promisify(execFile);
const out = tempDir("deploy-nginx-");
const dist = path.join(out.dir, "dist");
let relay: RunningServer;
let nginx: ChildProcess | undefined;
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

function nginxBinary(): string {
  const found = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  if (!found)
    throw new Error("nginx not found: install Debian's package (apt-get update && apt-get install -y nginx).");
  return found;
}

/** docs/deploy/nginx.conf with this test's ports, paths and relay; each swap must find its line. */
function siteConf(port: number, tlsPort: number, tls: { cert: string; key: string }, relayPort: number): string {
  let conf = readFileSync(path.join(deployDir, "nginx.conf"), "utf8");
  const swap = (from: string | RegExp, to: string) => {
    const next = conf.replace(from, to);
    if (next === conf) throw new Error(`docs/deploy/nginx.conf no longer has ${from}`);
    conf = next;
  };
  // As an operator adds TLS: a second listener with a certificate.
  swap(
    "listen 80;",
    `listen 127.0.0.1:${port};\n    listen 127.0.0.1:${tlsPort} ssl;\n    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};`,
  );
  swap("root /srv/site/dist;", `root ${dist};`);
  swap(/include \/etc\/nginx\/security-headers\.conf;/g, `include ${path.join(deployDir, "security-headers.conf")};`);
  swap(/server relay-1:3000 [^;]*;\n\s*server relay-2:3000 [^;]*;/, `server 127.0.0.1:${relayPort};`);
  return conf;
}

beforeAll(async () => {
  const binary = nginxBinary();
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
  const [port, tlsPort] = [await freePort(), await freePort()];
  const prefix = path.join(out.dir, "nginx");
  mkdirSync(path.join(prefix, "logs"), { recursive: true });
  const tls = { cert: path.join(prefix, "site.crt"), key: path.join(prefix, "site.key") };
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-days",
    "1",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
    "-keyout",
    tls.key,
    "-out",
    tls.cert,
  ]);
  certificate = readFileSync(tls.cert, "utf8");
  writeFileSync(path.join(prefix, "site.conf"), siteConf(port, tlsPort, tls, Number(new URL(relay.url).port)));
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${prefix}/client; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  include ${prefix}/site.conf;
}
`,
  );
  const args = ["-p", prefix, "-c", path.join(prefix, "nginx.conf")];
  await run(binary, ["-t", ...args]);
  nginx = spawn(binary, [...args, "-g", "daemon off;"], { stdio: "ignore" });
  site = `http://127.0.0.1:${port}`;
  secureSite = `https://127.0.0.1:${tlsPort}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${site}/home`);
      break;
    } catch (error) {
      if (i > 100) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}, 180_000);

afterAll(async () => {
  // nginx first, and waited for: its upstream keep-alive connections would hold the relay's close.
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx?.once("exit", resolve));
    nginx.kill("SIGTERM");
    await exited;
  }
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
