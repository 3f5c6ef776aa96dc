/**
 * The relay's logs: JSON lines (pino), one event each, for a log shipper to read. What a log line
 * may hold is decided here: lead ids, counts, statuses and masked reasons, never a name, phone
 * number, e-mail address, cookie, token or CRM key. Request lines carry the method, the path
 * without its query and the status; not the client's address (personal data under the DPDP Act,
 * and the rate limit does not need it written down).
 *
 * On a terminal (`npm start` by hand) the same events are printed for people (pino-pretty).
 *
 * Every line is made safe as it is written, whatever a caller put in it: the CRM's keys are masked
 * in any encoding (secret-mask.ts), and characters the text rule refuses (src/shared/text) are
 * written as visible escapes, so a log read in a terminal cannot be coloured, cleared or retitled.
 */
import pino from "pino";
import pretty from "pino-pretty";
import { escaped, refusedCharacters } from "../shared/text/text-rule";
import { secretMasker } from "./secret-mask";

export type Logger = pino.Logger;

/** Where and how to log. */
export interface LoggerOptions {
  /** pino's level name; default "info". */
  level?: string;
  /** Each JSON line goes here instead of stdout (tests). */
  write?: (line: string) => void;
  /** Human-readable lines; default: when stdout is a terminal. */
  pretty?: boolean;
  /** Texts masked wherever they appear, in any encoding: the CRM's keys. */
  secrets?: readonly (string | undefined)[];
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

/**
 * A JSON line with every refused character shown as text: raw ones (C1, bidi, noncharacters) and
 * the C0 controls JSON escapes (`\u001b`, read back as ESC by pino-pretty) become an escaped
 * backslash, so the line still parses and its reader sees `\u001b`. Line feeds and tabs stay.
 */
export function printableJsonLine(line: string): string {
  const raw = refusedCharacters(line, true);
  let out = line;
  for (const { index } of raw.reverse()) {
    const character = String.fromCodePoint(line.codePointAt(index) as number);
    out = `${out.slice(0, index)}\\\\${escaped(character).slice(1)}${out.slice(index + character.length)}`;
  }
  // A JSON escape of a control, after an even number of backslashes (an odd one is a literal "\u").
  return out.replace(/(?<!\\)((?:\\\\)*)\\(u00[01][0-9a-fA-F]|u007[fF]|[bfr])/g, (whole, before, code) =>
    code === "u000a" || code === "u0009" ? whole : `${before}\\\\${code}`,
  );
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const mask = secretMasker(options.secrets ?? []);
  const base = {
    level: options.level ?? "info",
    redact,
    base: { service: "relay" },
    hooks: { streamWrite: (line: string) => printableJsonLine(mask(line)) },
  };
  if (options.write) {
    const write = options.write;
    return pino(base, { write: (line: string) => write(line.replace(/\n$/, "")) });
  }
  if (options.pretty ?? process.stdout.isTTY) {
    return pino(base, pretty({ sync: true, ignore: "pid,hostname,service", translateTime: "SYS:HH:MM:ss" }));
  }
  return pino(base);
}
