/**
 * A full build's client step: the client build and the server bundle (started beside the checks,
 * vite/vite-builds.ts) awaited and moved from their staging folders into dist/ and the cache, then
 * the images' variants made. Returns the files they wrote, which a full build keeps.
 */
import { renameSync, rmSync } from "node:fs";
import path from "node:path";
import { BuildError } from "./build-error";
import { plural } from "./explanations";
import { buildImages, ImageBuildError } from "./images";
import { filesUnder } from "./inputs";
import { type BuildClock, cpuSeconds, seconds } from "./timings";
import { moveStaged, type ViteBuilds, type ViteBuilt } from "./vite/vite-builds";

export interface ClientStep {
  root: string;
  distDir: string;
  /** Where the server bundle goes, and the staging folders the two builds wrote into. */
  ssrDir: string;
  staging: { client: string; ssr: string };
  builds: ViteBuilds;
  /** When the builds started (a performance.now() reading). */
  started: number;
  clock: BuildClock;
  log: (line: string) => void;
}

/** Waits for the vite builds, moves what they made into place and makes the images; throws BuildError. */
export async function finishClientStep({ root, distDir, ssrDir, staging, builds, started, clock, log }: ClientStep) {
  let since = performance.now();
  let built: ViteBuilt;
  try {
    built = await builds.done;
  } catch (error) {
    await builds.cancel();
    throw new BuildError(`The client build failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  // dist/ is written over in place, not emptied first: on some disks deleting tens of thousands
  // of files takes as long as writing them, and slows the writing down. What this build did not
  // write is removed at the end.
  moveStaged(staging.client, distDir);
  rmSync(ssrDir, { recursive: true, force: true });
  renameSync(staging.ssr, ssrDir);
  const made = [...built.files, ...filesUnder(path.join(root, "public"), "")];
  clock.childCpu = built.cpu.user + built.cpu.system;
  // The page template is the client build's index.html, kept as shell.html before the page at '/'
  // takes index.html's place (pageTemplate); this client build's, not the last one's.
  rmSync(path.join(distDir, "shell.html"), { force: true });
  log(
    `  ${"client build, server bundle (vite)".padEnd(40)} ${seconds(started).padStart(6)} s  (cpu ${cpuSeconds(built.cpu)} s; beside the checks, then ${seconds(since)} s more)`,
  );
  clock.mark();
  since = performance.now();
  try {
    const images = await buildImages({ publicDir: path.join(root, "public"), distDir });
    for (const image of images) made.push(...image.variants.map((v) => v.url.replace(/^\//, "")));
    clock.step(`images (${plural(images.length, "raster")})`, since);
  } catch (error) {
    if (error instanceof ImageBuildError) throw new BuildError(error.message);
    throw error;
  }
  return made;
}
