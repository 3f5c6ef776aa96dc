import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStep, deployStep, parseBuildLine, splitCommand } from "../../../src/editor/server/changes";

describe("the build's log as progress", () => {
  it("turns each finished build step into a step of the progress bar", () => {
    const lines = [
      "  inputs                                     0.08 s  (cpu 0.09 s)",
      "  validate (4 of 120 files read again)       0.31 s  (cpu 0.40 s)",
      "  type check skipped: no code has changed since it last passed (only site-config/ changed)",
      "  fonts (3 languages)                        0.02 s  (cpu 0.02 s)",
      "  list pages (10,093 pages)                  0.50 s  (cpu 0.61 s)",
      "  pages and data (3 jobs of 30,279)          1.20 s  (cpu 1.02 s)",
      "Incremental build: 1 treatment changed (cardiology).",
      "  made again: /specialities/cardiology/heart-failure",
      "  whole data files, sitemap, clean-up        0.40 s  (cpu 0.38 s)",
      "Built 10,093 pages in 3.10 s (cpu 2.90 s): 3 pieces made (3 files written, 0 files came out the same), 30,276 pieces reused.",
    ];
    expect(lines.map(parseBuildLine)).toEqual([
      { done: 1, total: 10, message: "inputs" },
      { done: 2, total: 10, message: "validate (4 of 120 files read again)" },
      { done: 3, total: 10, message: "type check skipped" },
      { done: 6, total: 10, message: "fonts (3 languages)" },
      { done: 7, total: 10, message: "list pages (10,093 pages)" },
      { done: 8, total: 10, message: "pages and data (3 jobs of 30,279)" },
      undefined,
      undefined,
      { done: 9, total: 10, message: "whole data files, sitemap, clean-up" },
      { done: 10, total: 10, message: lines[9] },
    ]);
  });
});

describe("the deploy step", () => {
  let folder: string;
  let server: Server;
  let url: string;
  const posted: string[] = [];
  let answer = 200;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "site-deploy-test-"));
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        posted.push(`${request.method} ${request.url} ${body}`);
        response.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/deploy?key=secret-key`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  it("splits a command into words as a shell would, without running a shell", () => {
    expect(splitCommand(`rsync -a --delete "my site/" 'host:/srv/www' a\\ b`)).toEqual([
      "rsync",
      "-a",
      "--delete",
      "my site/",
      "host:/srv/www",
      "a b",
    ]);
    expect(splitCommand("echo $HOME; rm -rf /")).toEqual(["echo", "$HOME;", "rm", "-rf", "/"]);
    expect(() => splitCommand(`echo "open`)).toThrow('The deploy command has an unclosed ": echo "open');
  });

  it("runs the deploy command in the published worktree with DIST_DIR set", async () => {
    const script = "require('fs').writeFileSync('deployed.txt', process.cwd() + ' ' + process.env.DIST_DIR)";
    const deploy = deployStep({ command: `"${process.execPath}" -e "${script}"` });
    expect(await deploy(folder)).toEqual({ ok: true, message: "Published and deployed." });
    expect(await readFile(path.join(folder, "deployed.txt"), "utf8")).toBe(`${folder} ${path.join(folder, "dist")}`);
  });

  it("says how the deploy command failed", async () => {
    const deploy = deployStep({
      command: `"${process.execPath}" -e "console.error('host unreachable'); process.exit(3)"`,
    });
    expect(await deploy(folder)).toEqual({
      ok: false,
      message: "The deploy command failed (exit code 3):\nhost unreachable",
    });
  });

  it("POSTs to the deploy address, and never repeats the address in its words", async () => {
    answer = 200;
    expect(await deployStep({ url })(folder)).toEqual({ ok: true, message: "Published and deployed." });
    expect(posted).toEqual([
      `POST /hooks/deploy?key=secret-key ${JSON.stringify({ dist: path.join(folder, "dist") })}`,
    ]);
    answer = 503;
    const failed = await deployStep({ url })(folder);
    expect(failed).toEqual({ ok: false, message: "The deploy address answered 503 Service Unavailable." });
  });

  it("leaves the built site where it is when no deploy is set", async () => {
    expect(await deployStep({})(folder)).toEqual({
      ok: true,
      message: `Published; no deploy step is set, so the built site is in ${path.join(folder, "dist")}.`,
    });
  });
});

describe("the build step", () => {
  it("reports a build the site's check stopped as the check's refusal, in the validator's words", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "site-build-step-"));
    try {
      // A stand-in for scripts/build.mjs that prints what the real one does when the config fails.
      await mkdir(path.join(dir, "scripts"));
      const lines = [
        "  inputs                                     0.08 s  (cpu 0.09 s)",
        "site-config/pages/home.json:3:12 -> /route",
        "  error  The route must start with '/'.",
        "build: The config has errors (above); nothing was built.",
      ];
      await writeFile(
        path.join(dir, "scripts/build.mjs"),
        `console.log(${JSON.stringify(lines.slice(0, 3).join("\n"))}); console.error(${JSON.stringify(lines[3])}); process.exitCode = 1;`,
      );
      const progress: string[] = [];
      const result = await buildStep(dir)(dir, (p) => progress.push(p.message));
      expect(result).toEqual({
        ok: false,
        refused: true,
        message: `The publish check found problems:\n${lines.slice(0, 3).join("\n")}`,
      });
      expect(progress).toEqual(["inputs"]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("runs the site's build without its type check: the editor changes content, which the type check never reads", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "site-build-step-"));
    try {
      // A stand-in for scripts/build.mjs that says what it was asked.
      await mkdir(path.join(dir, "scripts"));
      await writeFile(path.join(dir, "scripts/build.mjs"), "console.log(process.argv.slice(2).join(' '));");
      expect(await buildStep(dir)(dir, () => {})).toEqual({ ok: true, message: "--skip-typecheck" });
      expect(await buildStep(dir, ["--force"])(dir, () => {})).toEqual({
        ok: true,
        message: "--skip-typecheck --force",
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
