/**
 * A real hosted editor on 127.0.0.1 for tests: its own data folder (a clone of this project's
 * committed HEAD as the embedded bare repository), an SQLite editor database, the people a test
 * asks for, and a cookie-jar client that signs in through the sign-in form as a browser does.
 */
import { rm } from "node:fs/promises";
import path from "node:path";
import { type EditorDb, type OidcSettings, openEditorDb, type Role } from "../../../src/editor/server/auth";
import { hashPassword } from "../../../src/editor/server/auth/passwords";
import type { PublishSteps } from "../../../src/editor/server/changes";
import { type RunningHostedEditor, startHostedEditor } from "../../../src/editor/server/hosted/server";
import { hostedSettings } from "../../../src/editor/server/hosted/settings";
import { tempDir } from "../../helpers/relay";
import { freePort } from "../../helpers/relay-process";

export const projectRoot = path.resolve(import.meta.dirname, "../../..");
export const password = "a long test password";

/** Built editor apps, by commit, shared by every test run (a build takes seconds). */
const appRoot = path.join(projectRoot, "node_modules", ".cache", "editor-app-tests");

export interface HostedEditor extends RunningHostedEditor {
  origin: string;
  dataDir: string;
  /**
   * Adds a person with the test password (or none: they sign in through OpenID), and for a
   * clinical reviewer their doctor (a slug of doctors.json); returns their email.
   */
  person(email: string, roles: Role[], languages?: string[], withPassword?: boolean, doctor?: string): Promise<string>;
  /** A signed-in client for `email`. */
  signIn(email: string): Promise<Client>;
  stop(): Promise<void>;
}

export interface TestEditorOptions {
  steps?: PublishSteps;
  /** Today (YYYY-MM-DD) for medical reviews. */
  today?: () => string;
  env?: NodeJS.ProcessEnv;
  /** Sign-in through an OpenID provider too (its redirect back is `<origin>/editor/auth/oidc/callback`). */
  oidc?: (origin: string) => Promise<OidcSettings>;
}

export async function startTestEditor(options: TestEditorOptions = {}): Promise<HostedEditor> {
  const { dir } = tempDir("hosted-editor-");
  const port = await freePort();
  const settings = hostedSettings({ PORT: String(port), EDITOR_DATA_DIR: path.join(dir, "data"), ...options.env });
  const db: EditorDb = await openEditorDb({ file: path.join(dir, "editor.db") });
  const editor = await startHostedEditor({
    settings,
    auth: { db, publicOrigin: settings.publicOrigin, oidc: await options.oidc?.(settings.publicOrigin) },
    projectRoot,
    appRoot,
    steps: options.steps,
    today: options.today,
  });
  const origin = settings.publicOrigin;
  return {
    ...editor,
    origin,
    dataDir: settings.dataDir,
    async person(email, roles, languages = [], _withPassword = true, doctor = undefined) {
      await db.people.add({
        email,
        name: email.split("@")[0],
        roles,
        languages,
        doctor,
        passwordHash: await hashPassword(password),
      });
      return email;
    },
    signIn: (email) => Client.signIn(origin, email),
    async stop() {
      await editor.close();
      await db.close();
      // Some forty worktrees after the role matrix: seconds on a quiet machine, a minute on a busy
      // one (callers allow for it), without holding the thread.
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A browser's cookies and requests (redirects not followed), with the session's CSRF token. */
export class Client {
  readonly cookies = new Map<string, string>();
  csrf = "";
  changeSet: string | undefined;

  constructor(readonly origin: string) {}

  static async signIn(origin: string, email: string, secret = password): Promise<Client> {
    const client = new Client(origin);
    const page = await (await client.fetch("/editor/sign-in")).text();
    const token = /name="form_token" value="([^"]+)"/.exec(page)?.[1] ?? "";
    const answer = await client.fetch("/editor/sign-in", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ form_token: token, email, password: secret, next: "/editor/" }).toString(),
    });
    if (answer.status !== 303 || answer.headers.get("location")?.includes("sign-in"))
      throw new Error(`Signing in as ${email} failed (${answer.status}).`);
    const me = (await (await client.fetch("/editor/api/me")).json()) as { csrfToken: string };
    client.csrf = me.csrfToken;
    return client;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(`${this.origin}${url}`, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** An API call with the session's token and the change set; the status and the JSON answer. */
  async api<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { "x-csrf-token": this.csrf };
    if (this.changeSet) headers["x-change-set"] = this.changeSet;
    // Bytes (an uploaded picture) go as they are; anything else as JSON.
    const bytes = body instanceof Uint8Array;
    if (body !== undefined) headers["content-type"] = bytes ? "application/octet-stream" : "application/json";
    const response = await this.fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : bytes ? new Uint8Array(body) : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: a page
    }
    return { status: response.status, body: parsed as T };
  }
}
