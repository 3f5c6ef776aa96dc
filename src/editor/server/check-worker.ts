/**
 * The worker thread that runs a hosted editor's checks (shared-checks.ts), so a save's validation
 * never holds up the requests of the other people at work: it answers the calls of
 * check-thread.ts, one message each.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { Problem } from "../../validation";
import { SharedChecks } from "./shared-checks";

export type CheckCall =
  | { id: number; kind: "check"; root: string; file: string; text: string; removed?: string }
  | { id: number; kind: "adopt"; root: string; token: number }
  | { id: number; kind: "wrote"; root: string; files: { path: string; before?: string; after?: string }[] }
  | { id: number; kind: "forget"; root: string }
  | { id: number; kind: "refresh" };

export type CheckAnswer = { id: number; value?: unknown; error?: string };

const checks = new SharedChecks((workerData as { publishedRoot: string }).publishedRoot);

/** A problem as plain data: its place is worked out here, not by whoever reads it. */
const plain = (p: Problem): Problem => ({ ...p, line: p.line, column: p.column, followOns: p.followOns?.map(plain) });

async function answer(call: CheckCall): Promise<unknown> {
  switch (call.kind) {
    case "check": {
      const result = await checks.check(call.root, call.file, call.text, call.removed);
      return { ...result, errors: result.errors.map(plain), warnings: result.warnings.map(plain) };
    }
    case "adopt":
      return checks.adopt(call.root, call.token);
    case "wrote":
      return checks.wrote(call.root, call.files);
    case "forget":
      return checks.forget(call.root);
    case "refresh":
      checks.refresh();
      return checks.warm();
  }
}

parentPort?.on("message", (call: CheckCall) => {
  answer(call).then(
    (value) => parentPort?.postMessage({ id: call.id, value } satisfies CheckAnswer),
    (error: unknown) =>
      parentPort?.postMessage({ id: call.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
