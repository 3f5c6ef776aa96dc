/**
 * The relay's logs: JSON lines (pino), one event each, for a log shipper to read. What a log line
 * may hold is decided here: lead ids, counts, statuses and masked reasons, never a name, phone
 * number, e-mail address, cookie, token or CRM key. Request lines carry the method, the path
 * without its query and the status; not the client's address (personal data under the DPDP Act,
 * and the rate limit does not need it written down).
 *
 * On a terminal (`npm start` by hand) the same events are printed for people (pino-pretty).
 */
import pino from "pino";
import pretty from "pino-pretty";

export type Logger = pino.Logger;

/** Where and how to log. */
export interface LoggerOptions {
  /** pino's level name; default "info". */
  level?: string;
  /** Each JSON line goes here instead of stdout (tests). */
  write?: (line: string) => void;
  /** Human-readable lines; default: when stdout is a terminal. */
  pretty?: boolean;
}

/** Fields that must never reach a log in clear, wherever a caller puts them. */
const redact = [
  "attributes",
  "payload",
  "values",
  "*.attributes",
  "*.payload",
  "*.values",
  "req.headers.cookie",
  'req.headers["x-xsrf-token"]',
  "req.headers.authorization",
];

export function createLogger(options: LoggerOptions = {}): Logger {
  const base = { level: options.level ?? "info", redact, base: { service: "relay" } };
  if (options.write) {
    const write = options.write;
    return pino(base, { write: (line: string) => write(line.replace(/\n$/, "")) });
  }
  if (options.pretty ?? process.stdout.isTTY) {
    return pino(base, pretty({ sync: true, ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss" }));
  }
  return pino(base);
}
