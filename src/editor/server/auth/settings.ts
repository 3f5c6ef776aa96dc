/**
 * The auth settings from environment variables (read by `npm run editor`), each checked, every
 * mistake named in words at once. No value of a secret (the client secret, a password in
 * DATABASE_URL) is ever repeated in a message.
 */
import type { OidcSettings } from "./context";
import type { EditorDbChoice } from "./db";

/** Everything registerAuth needs but the opened database. */
export interface AuthEnvSettings {
  database: EditorDbChoice;
  publicOrigin: string;
  oidc?: OidcSettings;
  idleMinutes: number;
  absoluteHours: number;
}

/** The settings' problems, one sentence each. */
export class AuthSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`The editor's sign-in settings are not right:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

const loopback = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** An origin (scheme, host, port) or why not; plain http only on this computer. */
function origin(name: string, value: string, problems: string[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} is '${value}', which is not an address: give one such as https://editor.hospital.example.`);
    return undefined;
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback.has(url.hostname))) {
    problems.push(
      `${name} is '${value}': it must start with https:// (plain http:// only for 127.0.0.1 or localhost), so sign-ins and cookies travel encrypted.`,
    );
    return undefined;
  }
  return url;
}

function whole(
  name: string,
  value: string | undefined,
  fallback: number,
  max: number,
  unit: string,
  problems: string[],
) {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    problems.push(`${name} is '${value}': give a whole number of ${unit} from 1 to ${max}.`);
    return fallback;
  }
  return n;
}

/**
 * Reads EDITOR_DB, DATABASE_URL, EDITOR_PUBLIC_ORIGIN, EDITOR_OIDC_ISSUER, EDITOR_OIDC_CLIENT_ID,
 * EDITOR_OIDC_CLIENT_SECRET, EDITOR_OIDC_LABEL, EDITOR_SESSION_IDLE_MINUTES and
 * EDITOR_SESSION_HOURS. Throws AuthSettingsError naming every problem.
 *
 * @param defaults.publicOrigin used when EDITOR_PUBLIC_ORIGIN is unset (the CLI passes
 *   http://127.0.0.1:<port>).
 */
export function authSettingsFromEnv(
  env: Record<string, string | undefined>,
  defaults: { publicOrigin?: string } = {},
): AuthEnvSettings {
  const problems: string[] = [];
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push("DATABASE_URL must be a PostgreSQL address starting with postgres:// or postgresql://.");
  const originText = env.EDITOR_PUBLIC_ORIGIN || defaults.publicOrigin;
  let publicOrigin = "";
  if (!originText)
    problems.push(
      "EDITOR_PUBLIC_ORIGIN is not set: give the address people open the editor at, such as https://editor.hospital.example.",
    );
  else {
    const url = origin("EDITOR_PUBLIC_ORIGIN", originText, problems);
    if (url && (url.pathname !== "/" || url.search || url.hash))
      problems.push(`EDITOR_PUBLIC_ORIGIN is '${originText}': give the scheme and host only, without a path.`);
    publicOrigin = url?.origin ?? "";
  }
  let oidc: OidcSettings | undefined;
  const issuer = env.EDITOR_OIDC_ISSUER || undefined;
  const clientId = env.EDITOR_OIDC_CLIENT_ID || undefined;
  if (issuer || clientId || env.EDITOR_OIDC_CLIENT_SECRET) {
    if (!issuer)
      problems.push(
        "EDITOR_OIDC_ISSUER is not set, but other EDITOR_OIDC_ settings are: give the identity provider's issuer address.",
      );
    if (!clientId)
      problems.push(
        "EDITOR_OIDC_CLIENT_ID is not set, but other EDITOR_OIDC_ settings are: give the editor's client id at the identity provider.",
      );
    const url = issuer ? origin("EDITOR_OIDC_ISSUER", issuer, problems) : undefined;
    if (url && issuer && clientId)
      oidc = {
        issuer: issuer.replace(/\/+$/, ""),
        clientId,
        clientSecret: env.EDITOR_OIDC_CLIENT_SECRET || undefined,
        label: env.EDITOR_OIDC_LABEL?.trim() || "your organisation's account",
      };
  }
  const idleMinutes = whole(
    "EDITOR_SESSION_IDLE_MINUTES",
    env.EDITOR_SESSION_IDLE_MINUTES,
    30,
    24 * 60,
    "minutes",
    problems,
  );
  const absoluteHours = whole("EDITOR_SESSION_HOURS", env.EDITOR_SESSION_HOURS, 12, 30 * 24, "hours", problems);
  if (idleMinutes > absoluteHours * 60)
    problems.push(
      `EDITOR_SESSION_IDLE_MINUTES (${idleMinutes}) is longer than EDITOR_SESSION_HOURS (${absoluteHours} hours): a session ends at the earlier of the two, so make the idle time shorter.`,
    );
  if (problems.length) throw new AuthSettingsError(problems);
  return {
    database: databaseUrl ? { databaseUrl } : { file: env.EDITOR_DB || "editor.db" },
    publicOrigin,
    oidc,
    idleMinutes,
    absoluteHours,
  };
}
