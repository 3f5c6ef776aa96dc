/**
 * A throwaway PostgreSQL cluster for tests and the bench: Debian's server binaries
 * (/usr/lib/postgresql/<version>/bin, or PG_BIN), initdb into a temporary folder, listening on
 * 127.0.0.1 on a free port with its socket in that folder, removed afterwards. initdb refuses to
 * run as root, so as root every command runs as the `postgres` user (runuser).
 *
 * Missing binaries are an error that says how to install them, never a silent skip: CI installs
 * the `postgresql` package (.ci/run).
 */
import { execFile, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./relay-process";

const run = promisify(execFile);

/** The folder of initdb, pg_ctl and postgres. */
export function postgresBinDir(): string {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync("/usr/lib/postgresql")
      ? readdirSync("/usr/lib/postgresql")
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : [];
  const found = candidates.find((dir) => existsSync(path.join(dir, "initdb")));
  if (!found) {
    throw new Error(
      `PostgreSQL server binaries not found (looked for initdb in ${candidates.join(", ") || "/usr/lib/postgresql/*/bin"}). ` +
        "Install Debian's package (apt-get update && apt-get install -y postgresql) or set PG_BIN to the folder holding initdb and pg_ctl.",
    );
  }
  return found;
}

export interface PostgresCluster {
  /** postgres://relay@127.0.0.1:PORT/postgres */
  url: string;
  port: number;
  /** A URL for another database of this cluster. */
  urlOf(database: string): string;
  /** Stops the server; "immediate" is a crash (recovery from the WAL at the next start). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function pgCommand(bin: string, args: string[]) {
  return asRoot ? { file: "runuser", args: ["-u", "postgres", "--", bin, ...args] } : { file: bin, args };
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), "relay-pg-"));
  const data = path.join(dir, "data");
  if (asRoot)
    chownSync(
      dir,
      Number(spawnSync("id", ["-u", "postgres"]).stdout),
      Number(spawnSync("id", ["-g", "postgres"]).stdout),
    );
  const exec = async (name: string, args: string[]) => {
    const c = pgCommand(path.join(bin, name), args);
    try {
      await run(c.file, c.args, { cwd: dir });
    } catch (error) {
      const log = existsSync(path.join(dir, "log")) ? readFileSync(path.join(dir, "log"), "utf8").slice(-2000) : "";
      throw new Error(`${name} ${args.join(" ")} failed: ${(error as Error).message}\n${log}`);
    }
  };
  await exec("initdb", ["-D", data, "-U", "relay", "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    exec("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "-t", "30", "start"]);
  let running = false;
  const stop = async (mode: "fast" | "immediate" = "fast") => {
    if (!running) return;
    running = false;
    await exec("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  };
  // A test that dies must not leave a server behind.
  const onExit = () => {
    if (!running) return;
    const c = pgCommand(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "stop"]);
    spawnSync(c.file, c.args);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", onExit);
  await start();
  running = true;
  const urlOf = (database: string) => `postgres://relay@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf("postgres"),
    port,
    urlOf,
    stop,
    start: async () => {
      await start();
      running = true;
    },
    destroy: async () => {
      await stop("immediate");
      process.removeListener("exit", onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
