/**
 * docs/deploy/nginx.conf run by Debian's nginx in front of a relay, as the deployment guide sets it
 * up: the built site served from `dist`, `/api/` passed to the relay, plain http and, as an operator
 * adds it, https with a certificate made here (HTTP/2 on that listener if asked, as the guide
 * advises). Only the listen ports, the paths and the upstream address are swapped, and each swap
 * must find its line, so the guide and what runs it cannot drift apart. Used by the deploy test
 * (tests/server/deploy-nginx.test.ts) and by `npm run bench -- --https`, which measures Lighthouse
 * through it as a patient's phone reaches a deployed site.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./relay-process";

const root = path.resolve(import.meta.dirname, "../..");
const deployDir = path.join(root, "docs", "deploy");
const run = promisify(execFile);

/** A running nginx: its http and https addresses, the https listener's certificate (PEM), and its stop. */
export interface NginxSite {
  site: string;
  secureSite: string;
  certificate: string;
  close: () => Promise<void>;
}

/** Debian's nginx, or an error saying how to install it. */
export function nginxBinary(): string {
  const found = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  if (!found)
    throw new Error("nginx not found: install Debian's package (apt-get update && apt-get install -y nginx).");
  return found;
}

interface SiteConf {
  dist: string;
  port: number;
  tlsPort: number;
  tls: { cert: string; key: string };
  relayPort: number;
  http2: boolean;
}

/** docs/deploy/nginx.conf with these ports, paths and relay; each swap must find its line. */
function siteConf({ dist, port, tlsPort, tls, relayPort, http2 }: SiteConf): string {
  let conf = readFileSync(path.join(deployDir, "nginx.conf"), "utf8");
  const swap = (from: string | RegExp, to: string) => {
    const next = conf.replace(from, to);
    if (next === conf) throw new Error(`docs/deploy/nginx.conf no longer has ${from}`);
    conf = next;
  };
  // As an operator adds TLS: a second listener with a certificate. Debian 12's nginx (1.22) turns
  // HTTP/2 on in the listen line; 1.25.1 and later also take `http2 on;` (docs/deploy.md).
  swap(
    "listen 80;",
    `listen 127.0.0.1:${port};\n    listen 127.0.0.1:${tlsPort} ssl${http2 ? " http2" : ""};\n    ssl_certificate ${tls.cert};\n    ssl_certificate_key ${tls.key};`,
  );
  swap("root /srv/site/dist;", `root ${dist};`);
  swap(/include \/etc\/nginx\/security-headers\.conf;/g, `include ${path.join(deployDir, "security-headers.conf")};`);
  swap(/server relay-1:3000 [^;]*;\n\s*server relay-2:3000 [^;]*;/, `server 127.0.0.1:${relayPort};`);
  return conf;
}

/**
 * Starts nginx with the guide's config in `dir` (its config, certificate and logs are written
 * there), serving `dist` and passing `/api/` to the relay on `relayPort`; resolves once it answers.
 */
export async function startNginxSite(options: {
  dir: string;
  dist: string;
  relayPort: number;
  http2?: boolean;
}): Promise<NginxSite> {
  const binary = nginxBinary();
  const prefix = options.dir;
  const [port, tlsPort] = [await freePort(), await freePort()];
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
  const conf = { ...options, port, tlsPort, tls, http2: options.http2 ?? false };
  writeFileSync(path.join(prefix, "site.conf"), siteConf(conf));
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
  const nginx: ChildProcess = spawn(binary, [...args, "-g", "daemon off;"], { stdio: "ignore" });
  const site = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${site}/home`);
      break;
    } catch (error) {
      if (i > 100) {
        nginx.kill("SIGTERM");
        throw error;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    site,
    secureSite: `https://127.0.0.1:${tlsPort}`,
    certificate: readFileSync(tls.cert, "utf8"),
    close: async () => {
      if (nginx.exitCode !== null) return;
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    },
  };
}
