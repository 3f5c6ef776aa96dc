/**
 * The relay as its own process (`node --import tsx src/relay/main.ts`), so a test or the bench
 * can kill it with SIGKILL like a crash would.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface RelayProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Kills the process with SIGKILL and waits for it to be gone. */
  kill: () => Promise<void>;
  /** Asks it to stop (SIGTERM) and waits. */
  stop: () => Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * The environment a production start needs: unless `env` names SITE_ORIGIN (even as ""), the
 * relay's own address on a port chosen here, so posts from `relay.url` pass its Origin check.
 */
async function withSiteOrigin(env: Record<string, string>): Promise<Record<string, string>> {
  if ("SITE_ORIGIN" in env) return env;
  const port = env.PORT && env.PORT !== "0" ? env.PORT : String(await freePort());
  const host = env.HOST || "127.0.0.1";
  return { ...env, PORT: port, SITE_ORIGIN: `http://${host.includes(":") ? `[${host}]` : host}:${port}` };
}

/**
 * Starts the relay with the environment given (added to this one, as NODE_ENV=production) and
 * waits until it listens.
 */
export async function spawnRelay(env: Record<string, string>, timeoutMs = 20_000): Promise<RelayProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/relay/main.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", ...(await withSiteOrigin(env)) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const relay: RelayProcess = {
    child,
    url: "",
    output: () => out,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The relay did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = () => {
      const m = /The site is running at (http:\/\/\S+)\/home/.exec(out);
      if (m) {
        clearTimeout(timer);
        relay.url = m[1];
        resolve(relay);
      }
    };
    child.stdout?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The relay exited (${code}) before it started:\n${out}`));
    });
  });
}
