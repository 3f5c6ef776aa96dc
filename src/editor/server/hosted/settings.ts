/**
 * The hosted editor's settings, from the environment (`npm run editor`), checked at start so a
 * wrong value stops the service with a sentence naming it rather than failing later.
 */
import path from "node:path";

export interface HostedSettings {
  host: string;
  port: number;
  /** Where the editor keeps its clone, change sets, builds and (by default) its database. */
  dataDir: string;
  /** The site's git repository (URL or path); absent: a local bare repository made from this checkout. */
  remote?: string;
  /** The branch the live site is built from. */
  publishedBranch: string;
  /** The origin people open the editor at: its Host is the only one answered (no DNS rebinding). */
  publicOrigin: string;
  /** Reverse proxies in front that set X-Forwarded-For/-Proto. */
  trustProxy: number;
  /** Run after a publish's build: a command (run in the published checkout, DIST_DIR set) ... */
  deployCommand?: string;
  /** ... or a URL POSTed to. */
  deployUrl?: string;
}

export class SettingsError extends Error {}

function port(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new SettingsError(`The port '${raw}' is not a port number (0-65535).`);
  return value;
}

/** Settings from `env` and the `--port` argument; throws SettingsError naming what is wrong. */
export function hostedSettings(env: NodeJS.ProcessEnv, argv: string[] = []): HostedSettings {
  const at = argv.findIndex((a) => a === "--port" || a.startsWith("--port="));
  const portArg = at === -1 ? undefined : argv[at].includes("=") ? argv[at].split("=")[1] : argv[at + 1];
  const host = env.HOST || "127.0.0.1";
  const chosenPort = port(portArg ?? env.PORT, 5190);
  const publicOrigin = (
    env.EDITOR_PUBLIC_ORIGIN || `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${chosenPort}`
  ).replace(/\/+$/, "");
  let origin: URL;
  try {
    origin = new URL(publicOrigin);
  } catch {
    throw new SettingsError(
      `EDITOR_PUBLIC_ORIGIN '${publicOrigin}' is not an address such as https://editor.hospitals.example.`,
    );
  }
  if (origin.protocol !== "https:" && origin.protocol !== "http:")
    throw new SettingsError(`EDITOR_PUBLIC_ORIGIN must start with https:// (or http:// on this machine only).`);
  const loopback = /^(127\.0\.0\.1|localhost|\[::1\])$/.test(origin.hostname);
  if (origin.protocol === "http:" && !loopback)
    throw new SettingsError(
      `EDITOR_PUBLIC_ORIGIN '${publicOrigin}' is plain http on a public name: sign-in cookies would travel unprotected. Put TLS at the proxy and give the https:// address.`,
    );
  const trustProxy = env.TRUST_PROXY ? Number(env.TRUST_PROXY) : 0;
  if (!Number.isInteger(trustProxy) || trustProxy < 0)
    throw new SettingsError(`TRUST_PROXY '${env.TRUST_PROXY}' is not a number of proxies (0, 1, 2...).`);
  if (env.EDITOR_DEPLOY_COMMAND && env.EDITOR_DEPLOY_URL)
    throw new SettingsError("Set EDITOR_DEPLOY_COMMAND or EDITOR_DEPLOY_URL, not both.");
  return {
    host,
    port: chosenPort,
    dataDir: path.resolve(env.EDITOR_DATA_DIR || "editor-data"),
    remote: env.EDITOR_REMOTE || undefined,
    publishedBranch: env.EDITOR_PUBLISHED_BRANCH || "main",
    publicOrigin: origin.origin,
    trustProxy,
    deployCommand: env.EDITOR_DEPLOY_COMMAND || undefined,
    deployUrl: env.EDITOR_DEPLOY_URL || undefined,
  };
}
