/**
 * Lighthouse's simulated FCP and LCP (Lantern) recomputed from a run kept by
 * `npm run bench -- --keep-traces DIR`, node by node: which requests and tasks each estimate
 * waited for, when each started and ended on the simulated phone. With what-ifs, to see what a
 * change to the page would do before making it:
 *
 *   npx tsx tests/bench/lantern-replay.ts DIR/_home [--server-ms 10] [--cpu 0.3]
 *       [--drop REGEX] [--low REGEX] [--nodes]
 *
 * --server-ms: the relay's response time Lantern adds to every request (it measures it from the
 *   run: on a busy machine 50-110 ms, quiet about 10). --cpu: the trace's tasks scaled (Lantern
 *   multiplies them by 4, layout by 2: a busy machine's tasks are 2-3x a quiet one's).
 * --drop: requests as if the page never made them; --low: as if fetched at low priority.
 * --nodes: every node of both graphs (optimistic, pessimistic), with its simulated start and end.
 *
 * What it showed (issue 28): the document alone ends at 600 ms plus the server's time (Lantern
 * charges a DNS lookup and a new connection: 2 + 1.5 round trips of 150 ms); every request after
 * it on a new HTTP/1.1 connection ends 300 ms later; an origin has six connections, so a seventh
 * request ending before the observed paint costs one more round trip.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { LanternFirstContentfulPaint } from "lighthouse/core/computed/metrics/lantern-first-contentful-paint.js";
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import * as constants from "lighthouse/core/config/constants.js";

/** A devtools protocol message as the run kept it. */
interface DevtoolsMessage {
  method: string;
  params: {
    requestId?: string;
    request?: { url: string; initialPriority?: string };
  };
}

/** A trace event; only complete events' durations are scaled. */
interface TraceEvent {
  ph?: string;
  dur?: number;
}

/** What this script reads of a Lantern estimate's nodes. */
interface SimulatedNode {
  type: string;
  duration: number;
  request: { url: string; priority: string; transferSize: number };
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
/**
 * Lighthouse's computed artifacts are typed against its global `LH` namespace, which this project
 * does not load: the two requests are called through this narrower type.
 */
type Computed = { request: (data: unknown, context: unknown) => Promise<LanternResult> };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    "server-ms": { type: "string" },
    cpu: { type: "string", default: "1" },
    drop: { type: "string" },
    low: { type: "string" },
    nodes: { type: "boolean", default: false },
  },
});
const base = positionals[0];
if (!base) throw new Error("Name a kept run: DIR/_home (from npm run bench -- --keep-traces DIR).");

const read = (suffix: string) => JSON.parse(readFileSync(`${base}.${suffix}.json`, "utf8"));
const trace = read("trace") as { traceEvents: TraceEvent[] };
let devtoolsLog = read("devtoolslog") as DevtoolsMessage[];
const kept = read("artifacts") as { GatherContext: unknown; URL: { finalDisplayedUrl: string } };

const cpu = Number(values.cpu);
if (cpu !== 1) for (const e of trace.traceEvents) if (e.ph === "X" && e.dur) e.dur = Math.round(e.dur * cpu);

const requestsMatching = (pattern: string) => {
  const match = new RegExp(pattern);
  return new Set(
    devtoolsLog
      .filter((m) => m.method === "Network.requestWillBeSent" && match.test(m.params.request?.url ?? ""))
      .map((m) => m.params.requestId),
  );
};
if (values.drop) {
  const dropped = requestsMatching(values.drop);
  devtoolsLog = devtoolsLog.filter((m) => !dropped.has(m.params.requestId));
}
if (values.low) {
  const low = requestsMatching(values.low);
  // The browser's later raise (an image found on screen) goes too: the request stays low.
  devtoolsLog = devtoolsLog.filter(
    (m) => !(m.method === "Network.resourceChangedPriority" && low.has(m.params.requestId)),
  );
  for (const m of devtoolsLog)
    if (m.method === "Network.requestWillBeSent" && m.params.request && low.has(m.params.requestId))
      m.params.request.initialPriority = "Low";
}

const settings: Record<string, unknown> = { ...constants.defaultSettings };
if (values["server-ms"] !== undefined) {
  const origin = new URL(kept.URL.finalDisplayedUrl).origin;
  settings.precomputedLanternData = {
    additionalRttByOrigin: { [origin]: 0 },
    serverResponseTimeByOrigin: { [origin]: Number(values["server-ms"]) },
  };
}
const data = {
  trace,
  devtoolsLog,
  gatherContext: kept.GatherContext,
  settings,
  URL: kept.URL,
  SourceMaps: [],
  simulator: null,
};
const context = { computedCache: new Map(), settings };

const show = (name: string, result: LanternResult) => {
  const ms = (n: number) => String(Math.round(n)).padStart(5);
  console.log(
    `${name}: ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)})`,
  );
  if (!values.nodes) return;
  for (const [label, estimate] of [
    ["opt ", result.optimisticEstimate],
    ["pess", result.pessimisticEstimate],
  ] as const) {
    const rows = [...estimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, t] of rows) {
      const what =
        node.type === "network"
          ? `${node.request.priority.padEnd(8)} ${node.request.url.replace(/^https?:\/\/[^/]+/, "").slice(0, 70)} (${node.request.transferSize} B)`
          : `task of ${(node.duration / 1000).toFixed(1)} ms in the trace`;
      console.log(`  ${label} ${ms(t.startTime)} ${ms(t.endTime)}  ${what}`);
    }
  }
};

show("FCP", await (LanternFirstContentfulPaint as unknown as Computed).request(data, context));
show("LCP", await (LanternLargestContentfulPaint as unknown as Computed).request(data, context));
