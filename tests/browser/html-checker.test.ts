/**
 * The W3C Nu HTML Checker (vnu.jar from the vnu-jar package, run with Java) over every page the
 * build wrote: one JVM for all of them. No error may remain but the ones listed below, each the
 * checker's disagreement with a choice explained there. Runs against the built site (npm run build
 * first); needs Java (`apt-get install -y default-jre-headless`; .ci/run installs it).
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const dist = path.resolve(import.meta.dirname, "../../dist");
const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
const java = process.env.JAVA_HOME ? path.join(process.env.JAVA_HOME, "bin/java") : "java";

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

/**
 * Errors the checker reports that are not mistakes in our markup, each with why. None today: the
 * one there was (autocomplete="tel-national" on a tel input) went when the mobile field learnt to
 * take "+91" and could ask for "tel".
 */
const explained: { message: RegExp; why: string }[] = [];

/** Every HTML file of the build: each prerendered page and the app shell. */
function pages(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

describe("the Nu HTML Checker", () => {
  it("finds no error in any page of the build", { timeout: 180_000 }, async () => {
    if (!existsSync(path.join(dist, "index.html"))) throw new Error("dist/ has no build. Run 'npm run build' first.");
    const files = pages(dist);
    expect(files.length).toBeGreaterThan(40);
    // Among them, treatment pages with their medical review line (a link and two dates in a sentence).
    const reviewed = files.filter((f) => f.includes(`${path.sep}specialities${path.sep}cardiology${path.sep}`));
    expect(reviewed.some((f) => readFileSync(f, "utf8").includes('class="medical-review'))).toBe(true);
    let output: string;
    try {
      // The checker writes its JSON report to stderr.
      ({ stderr: output } = await promisify(execFile)(
        java,
        ["-jar", vnuJar, "--format", "json", "--exit-zero-always", ...files],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      ));
    } catch (error) {
      throw new Error(
        `The Nu HTML Checker could not run (${(error as Error).message}). It needs Java: apt-get install -y default-jre-headless.`,
      );
    }
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages;
    const errors = messages.filter((m) => m.type !== "info");
    const warnings = messages.filter((m) => m.type === "info" && m.subType === "warning");
    const unexplained = errors.filter((m) => !explained.some((e) => e.message.test(m.message)));
    const where = (m: VnuMessage) => `${path.relative(dist, new URL(m.url).pathname)}:${m.lastLine ?? "?"}`;
    console.log(
      `Nu HTML Checker: ${files.length} files, ${errors.length} errors (${errors.length - unexplained.length} explained in the test), ${warnings.length} warnings.`,
    );
    expect(unexplained.map((m) => `${where(m)}: ${m.message} ${m.extract ?? ""}`)).toEqual([]);
  });
});
