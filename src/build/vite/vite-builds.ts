/**
 * The build's two vite builds (the client build and the server bundle), started at once in a child
 * process while the build validates the config (src/build/build.ts): on 2 cores the two overlap
 * by about a second. The client build writes into a staging folder of the cache, which moves into
 * dist/ only once the config is valid: a refused build leaves dist/ as it was.
 */
import { type ChildProcess, fork } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { InlineConfig } from "vite";

/** vite's options for the client build, into `outDir`. */
export const clientBuildOptions = (root: string, outDir: string): InlineConfig => ({
  root,
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: { outDir, emptyOutDir: true },
});

/** vite's options for the server bundle (src/build/prerender/entry-server.tsx for Node), into `ssrDir`. */
export const serverBundleOptions = (root: string, ssrDir: string): InlineConfig => ({
  configFile: path.join(root, "vite.config.ts"),
  logLevel: "warn",
  build: {
    ssr: path.join(root, "src/build/prerender/entry-server.tsx"),
    outDir: ssrDir,
    emptyOutDir: true,
    copyPublicDir: false,
  },
});

/** What the two builds made, and the CPU time their process took. */
export interface ViteBuilt {
  /** The client build's files, relative to its folder. */
  files: string[];
  cpu: NodeJS.CpuUsage;
}

export interface ViteBuilds {
  done: Promise<ViteBuilt>;
  /** Stops the builds (the config was refused) and removes what they left. */
  cancel: () => Promise<void>;
}

/** Starts both builds: the client build into `staging`, the server bundle into `ssrDir` (a staging folder too). */
export function startViteBuilds(root: string, staging: string, ssrDir: string): ViteBuilds {
  const options = { client: clientBuildOptions(root, staging), server: serverBundleOptions(root, ssrDir) };
  const child: ChildProcess = fork(path.join(root, "src/build/vite/vite-process.mjs"), [JSON.stringify(options)], {
    cwd: root,
    // Not the parent's flags: under the test runner they name loaders plain JavaScript does not need.
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const done = new Promise<ViteBuilt>((resolve, reject) => {
    let answer: Partial<ViteBuilt> & { error?: string } = {};
    child.on("message", (message: Partial<ViteBuilt> & { error?: string }) => {
      answer = message;
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (answer.files && answer.cpu && code === 0) resolve({ files: answer.files, cpu: answer.cpu });
      else reject(new Error(answer.error ?? `The vite builds stopped (${signal ?? `exit code ${code}`}).`));
    });
  });
  done.catch(() => {}); // Awaited by the build, or cancelled with a refused config: never unhandled.
  return {
    done,
    cancel: async () => {
      // Once the process has gone: a build still writing would leave files behind.
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await gone;
      }
      rmSync(staging, { recursive: true, force: true });
      rmSync(ssrDir, { recursive: true, force: true });
    },
  };
}

/** A rename, or a copy where the two are on different disks (a copy of the project whose node_modules is a link). */
function moveFile(from: string, to: string) {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    copyFileSync(from, to);
    rmSync(from);
  }
}

/**
 * Moves every file of `staging` into `distDir`, over any file of the same name (a rename: the
 * cache is inside the project), and removes `staging`.
 */
export function moveStaged(staging: string, distDir: string) {
  const move = (relative: string) => {
    for (const entry of readdirSync(path.join(staging, relative), { withFileTypes: true })) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        mkdirSync(path.join(distDir, name), { recursive: true });
        move(name);
      } else moveFile(path.join(staging, name), path.join(distDir, name));
    }
  };
  mkdirSync(distDir, { recursive: true });
  move("");
  rmSync(staging, { recursive: true, force: true });
}
