/**
 * A fake LeadSquared on 127.0.0.1 for tests and the reliability bench. It serves
 * POST {base}/LeadManagement.svc/Lead.Capture?accessKey=..&secretKey=.. and can be told to
 * fail: 500/503, 429 with Retry-After, dropped connections, an MX error, or no answer at all.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One Lead.Capture call. */
export interface CrmAttribute {
  Attribute: string;
  Value: string;
}

/** How the fake answers a call. */
export type FakeCrmMode = "ok" | "fail-500" | "fail-503" | "fail-429" | "network" | "hang" | "mx-error";

/** A call the fake answered with success. */
export interface ReceivedLead {
  attributes: CrmAttribute[];
  at: number;
  contentType: string | undefined;
}

export interface FakeCrmOptions {
  accessKey?: string;
  secretKey?: string;
  /** The base path before LeadManagement.svc; default /v2. */
  basePath?: string;
  /** A delay before answering, in ms (to keep requests in flight). */
  delayMs?: number;
  /** LeadSquared's limit: a call past this many in any window of perMs is answered 429 and counted. */
  rateLimit?: { count: number; perMs: number };
}

export interface FakeCrm {
  /** What LEADSQUARED_BASE_URL should be. */
  baseUrl: string;
  accessKey: string;
  secretKey: string;
  /** Leads answered with success, in order. */
  received: ReceivedLead[];
  /** Every call, whatever the answer. */
  calls: number;
  /** How the next calls are answered; a function decides per call. */
  mode: FakeCrmMode | ((attributes: CrmAttribute[], call: number) => FakeCrmMode);
  delayMs: number;
  /** When each call arrived (ms since the epoch). */
  callTimes: number[];
  /** Calls refused because they were past the rate limit. */
  overLimit: number;
  /** The most calls that arrived in any window of `perMs`. */
  maxCallsIn(perMs: number): number;
  /** The value of an attribute in each received lead. */
  valuesOf(attribute: string): string[];
  /** Resolves once `predicate` holds (checked every 10 ms), or rejects after timeoutMs. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeCrm(options: FakeCrmOptions = {}): Promise<FakeCrm> {
  const accessKey = options.accessKey ?? "u-fake-access-key-XYZ";
  const secretKey = options.secretKey ?? "fake-secret-key-XYZ";
  const basePath = options.basePath ?? "/v2";
  const hanging = new Set<ServerResponse>();
  let nextId = 1;

  const crm: FakeCrm = {
    baseUrl: "",
    accessKey,
    secretKey,
    received: [],
    calls: 0,
    mode: "ok",
    delayMs: options.delayMs ?? 0,
    callTimes: [],
    overLimit: 0,
    maxCallsIn: (perMs) => {
      let most = 0;
      for (let i = 0, j = 0; i < crm.callTimes.length; i++) {
        while (crm.callTimes[i] - crm.callTimes[j] >= perMs) j++;
        most = Math.max(most, i - j + 1);
      }
      return most;
    },
    valuesOf: (attribute) => crm.received.map((r) => r.attributes.find((a) => a.Attribute === attribute)?.Value ?? ""),
    waitFor: (predicate, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = () => {
          if (predicate()) return resolve();
          if (Date.now() - started > timeoutMs)
            return reject(new Error(`fake CRM: condition not met in ${timeoutMs} ms`));
          setTimeout(tick, 10);
        };
        tick();
      }),
    close: async () => {
      for (const res of hanging) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method !== "POST" || url.pathname !== `${basePath}/LeadManagement.svc/Lead.Capture`) {
      return json(res, 404, { Status: "Error", ExceptionType: "NotFound", ExceptionMessage: "No such endpoint" });
    }
    const arrived = Date.now();
    crm.callTimes.push(arrived);
    const body = await readAll(req);
    const call = ++crm.calls;
    const limit = options.rateLimit;
    let inWindow = 0;
    for (let k = crm.callTimes.length - 1; limit && k >= 0 && crm.callTimes[k] > arrived - limit.perMs; k--) inWindow++;
    if (limit && inWindow > limit.count) {
      crm.overLimit++;
      return json(
        res,
        429,
        { Status: "Error", ExceptionType: "MXAPIRateLimitExceededException", ExceptionMessage: "Rate limit" },
        { "Retry-After": "1" },
      );
    }
    if (url.searchParams.get("accessKey") !== accessKey || url.searchParams.get("secretKey") !== secretKey) {
      return json(res, 401, {
        Status: "Error",
        ExceptionType: "MXUnAuthorizedAccessException",
        ExceptionMessage: "Invalid access key or secret key",
      });
    }
    let attributes: CrmAttribute[];
    try {
      attributes = JSON.parse(body) as CrmAttribute[];
      if (!Array.isArray(attributes)) throw new Error("not a list");
    } catch {
      return json(res, 400, {
        Status: "Error",
        ExceptionType: "MXInvalidInputException",
        ExceptionMessage: "Bad JSON",
      });
    }
    const mode = typeof crm.mode === "function" ? crm.mode(attributes, call) : crm.mode;
    if (crm.delayMs > 0) await new Promise((r) => setTimeout(r, crm.delayMs));
    switch (mode) {
      case "hang":
        hanging.add(res);
        return;
      case "network":
        req.socket.destroy();
        return;
      case "fail-500":
        return json(res, 500, "Internal Server Error");
      case "fail-503":
        res.writeHead(503, { "Content-Type": "text/html" });
        return res.end("<html><body>Service Unavailable</body></html>");
      case "fail-429":
        return json(
          res,
          429,
          { Status: "Error", ExceptionType: "MXAPIRateLimitExceededException", ExceptionMessage: "Rate limit" },
          { "Retry-After": "0" },
        );
      case "mx-error":
        return json(res, 500, {
          Status: "Error",
          ExceptionType: "MXDuplicateEntryException",
          ExceptionMessage: "A Lead with same Phone Number already exists.",
        });
      default:
        crm.received.push({ attributes, at: Date.now(), contentType: req.headers["content-type"] });
        return json(res, 200, {
          Status: "Success",
          Message: { Id: `lead-${nextId++}`, AffectedRows: 1, IsCreated: true },
        });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  crm.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}${basePath}`;
  return crm;
}
