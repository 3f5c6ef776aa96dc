/**
 * How long the editor's Check and Save take, through its API on a copy of site-config/: the
 * first check (which also makes the baseline run and compiles the schemas), then the median of
 * five checks, five saves and five refused saves of site-config/navigation.json.
 *
 * Usage: npx tsx tests/editor/check-timing.ts
 */
import { performance } from "node:perf_hooks";
import { startEditorServer } from "../../src/editor/server/server";
import type { FileResponse } from "../../src/editor/shared/api";
import { copySite, projectRoot } from "./temp-site";

const file = "site-config/navigation.json";
const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

const site = await copySite();
const editor = await startEditorServer({ siteRoot: site.siteRoot, port: 0, app: false, projectRoot });
const api = (name: string) => `${editor.url}/editor/api/${name}`;
const send = (method: string, name: string, body: unknown) =>
  fetch(api(name), { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const open = async () => (await (await fetch(api(`file?path=${file}`))).json()) as FileResponse;

/** Milliseconds from request to parsed answer, and the answer's status. */
async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await request();
  await response.json();
  return { ms: performance.now() - start, status: response.status };
}

try {
  const data = JSON.parse((await open()).text);
  data.items[1].label = "Who We Are";
  const first = await timed(() => send("POST", "check", { path: file, data }));
  const checks: number[] = [];
  const saves: number[] = [];
  const refusals: number[] = [];
  for (let i = 0; i < 5; i++) checks.push((await timed(() => send("POST", "check", { path: file, data }))).ms);
  for (let i = 0; i < 5; i++) {
    const opened = await open();
    const next = JSON.parse(opened.text);
    next.items[1].label = `Who We Are ${i}`;
    const { ms, status } = await timed(() => send("PUT", "file", { path: file, data: next, baseHash: opened.hash }));
    if (status !== 200) throw new Error(`A save answered ${status}.`);
    saves.push(ms);
  }
  const invalid = structuredClone(data);
  invalid.items[2].route = "/no-such-page";
  for (let i = 0; i < 5; i++) {
    const { hash } = await open();
    refusals.push((await timed(() => send("PUT", "file", { path: file, data: invalid, baseHash: hash }))).ms);
  }
  const result = { firstCheck: Math.round(first.ms), check: median(checks), save: median(saves) };
  process.stdout.write(`${JSON.stringify({ ...result, refusedSave: median(refusals) })} (ms)\n`);
} finally {
  await editor.close();
  await site.remove();
}
