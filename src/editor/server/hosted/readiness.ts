/**
 * "Ready to publish?": the publish check (`validate --publish`) run on a change set's worktree as
 * it stands, its errors named the way the editor names them (the file's label, the field's labels)
 * so each can be opened at its field. One view of what blocks publishing, at any time, whether or
 * not site.json says "production" yet (the build runs the check only once it does).
 *
 * The validator runs as a child process: a check of a large site takes seconds, and the editor's
 * one thread keeps answering everyone else meanwhile. Its answer is kept by the commit it checked
 * (every save is a commit): asking again, or for another change set at the same commit, is instant.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import type { ReadinessProblem, ReadinessResponse } from "../../shared/changes-api";
import { allow } from "../auth";
import type { SiteWorkspace } from "../changes";
import { fileLabelOf, labelsAt } from "../changes/describe";
import { linkNodeModules } from "../changes/steps";
import { HttpError } from "../http-error";
import { headOf } from "./git-head";
import { mayRead } from "./roles";

const execFileAsync = promisify(execFile);

export interface ReadinessOptions {
  workspace: SiteWorkspace;
  /** This checkout (the worktree's node_modules come from it). */
  projectRoot: string;
}

/** The validator's JSON report (src/validation/report.ts formatJson), as much as is read here. */
interface JsonReport {
  errors: { file: string; line: number; pointer: string; message: string; severity: string }[];
  summary: { valid: boolean; text: string };
}

/** Runs the publish check in `dir`; the validator exits 1 when it finds errors, which is an answer too. */
async function publishCheck(dir: string): Promise<JsonReport> {
  const args = ["scripts/validate.mjs", "--publish", "--format", "json"];
  const options = { cwd: dir, maxBuffer: 256 * 1024 * 1024 };
  try {
    return JSON.parse((await execFileAsync(process.execPath, args, options)).stdout) as JsonReport;
  } catch (error) {
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout?.trim().startsWith("{")) return JSON.parse(stdout) as JsonReport;
    throw new HttpError(500, "The publish check could not run. Try again; if it keeps failing, tell a developer.");
  }
}

/** Reads each file a problem names once, for its labels. */
function documents(dir: string) {
  const read = new Map<string, Promise<unknown>>();
  return (file: string) => {
    if (!read.has(file))
      read.set(
        file,
        readFile(path.join(dir, file), "utf8")
          .then((text) => JSON.parse(text) as unknown)
          .catch(() => undefined),
      );
    return read.get(file) as Promise<unknown>;
  };
}

/** The treatment a pointer into a one-file collection falls in ("/sub_departments/3/faq/0" -> its slug). */
function treatmentAt(doc: unknown, pointer: string): string | undefined {
  const index = /^\/sub_departments\/(\d+)(?:\/|$)/.exec(pointer)?.[1];
  if (index === undefined || typeof doc !== "object" || doc === null) return undefined;
  const list = (doc as { sub_departments?: unknown }).sub_departments;
  const item = Array.isArray(list) ? list[Number(index)] : undefined;
  const slug = typeof item === "object" && item !== null ? (item as { slug?: unknown }).slug : undefined;
  return typeof slug === "string" ? slug : undefined;
}

export async function readinessRoutes(app: FastifyInstance, options: ReadinessOptions) {
  const { workspace, projectRoot } = options;
  const checked = new Map<string, Promise<ReadinessResponse>>();

  app.get<{ Params: { id: string } }>(
    "/editor/api/changes/:id/readiness",
    { preHandler: allow(mayRead) },
    async (request): Promise<ReadinessResponse> => {
      const { id } = request.params;
      if (!/^[a-f0-9]{6,40}$/.test(id)) throw new HttpError(404, "There is no change set with that id.");
      const dir = await workspace.ensure(id);
      const commit = await headOf(dir);
      let answer = checked.get(commit);
      if (!answer) {
        answer = check(dir);
        checked.set(commit, answer);
        answer.catch(() => checked.delete(commit));
        // The latest few commits are enough: an older one is a change set nobody is looking at.
        if (checked.size > 20) checked.delete(checked.keys().next().value as string);
      }
      return answer;
    },
  );

  async function check(dir: string): Promise<ReadinessResponse> {
    await linkNodeModules(dir, projectRoot);
    const [report, site] = await Promise.all([
      publishCheck(dir),
      readFile(path.join(dir, "site-config", "site.json"), "utf8").then(
        (t) => JSON.parse(t) as { production?: boolean },
      ),
    ]);
    const docOf = documents(dir);
    const problems = await Promise.all(
      report.errors
        .filter((p) => p.severity === "error")
        .map(async (p): Promise<ReadinessProblem> => {
          const doc = await docOf(p.file);
          const treatment = treatmentAt(doc, p.pointer);
          return {
            file: p.file,
            fileLabel: doc === undefined ? p.file : fileLabelOf(p.file, doc),
            place: doc === undefined || p.pointer === "" ? "" : labelsAt(p.file, doc, p.pointer).join(" › "),
            pointer: p.pointer,
            line: p.line,
            message: p.message,
            ...(treatment ? { treatment } : {}),
          };
        }),
    );
    return {
      ready: report.summary.valid,
      production: site.production === true,
      summary: report.summary.text,
      problems,
    };
  }
}
