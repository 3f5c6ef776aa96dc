/**
 * Posting a lead to a relay as the lead form does, for the lead benches and the relays' storm
 * test: node:http with keep-alive rather than fetch, as the clients share the CPUs with the
 * relays and fetch costs several times more CPU per request.
 */
import { Agent, request } from "node:http";

export const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** The answer's status, and the relay's own time for it (its Server-Timing `accept`). */
export function postLead(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs?: number,
): Promise<{ status: number; serverMs: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        agent,
        headers: { ...headers, "Content-Length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        const timing = /accept;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, serverMs: timing ? Number(timing[1]) : Number.NaN }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}
