/** The editor's sign-in settings from environment variables: defaults, and every mistake in words. */
import { describe, expect, it } from "vitest";
import { authSettingsFromEnv } from "../../../src/editor/server/auth/settings";

describe("editor auth settings", () => {
  it("default to a SQLite file, the given origin and 30 minutes / 12 hours", () => {
    expect(authSettingsFromEnv({}, { publicOrigin: "http://127.0.0.1:5190" })).toEqual({
      database: { file: "editor.db" },
      publicOrigin: "http://127.0.0.1:5190",
      oidc: undefined,
      idleMinutes: 30,
      absoluteHours: 12,
    });
  });

  it("read PostgreSQL, an https origin and an identity provider", () => {
    const settings = authSettingsFromEnv({
      DATABASE_URL: "postgres://editor:pw@db:5432/editor",
      EDITOR_PUBLIC_ORIGIN: "https://editor.hospital.example/",
      EDITOR_OIDC_ISSUER: "https://login.microsoftonline.com/tenant-id/v2.0/",
      EDITOR_OIDC_CLIENT_ID: "client",
      EDITOR_OIDC_CLIENT_SECRET: "s3cret",
      EDITOR_OIDC_LABEL: "Microsoft",
      EDITOR_SESSION_IDLE_MINUTES: "15",
      EDITOR_SESSION_HOURS: "8",
    });
    expect(settings).toEqual({
      database: { databaseUrl: "postgres://editor:pw@db:5432/editor" },
      publicOrigin: "https://editor.hospital.example",
      oidc: {
        issuer: "https://login.microsoftonline.com/tenant-id/v2.0",
        clientId: "client",
        clientSecret: "s3cret",
        label: "Microsoft",
      },
      idleMinutes: 15,
      absoluteHours: 8,
    });
  });

  it("name every mistake at once, without repeating a secret", () => {
    const env = {
      DATABASE_URL: "mysql://root:hunter2@db/editor",
      EDITOR_PUBLIC_ORIGIN: "http://editor.hospital.example",
      EDITOR_OIDC_CLIENT_SECRET: "s3cret-value",
      EDITOR_SESSION_IDLE_MINUTES: "half an hour",
      EDITOR_SESSION_HOURS: "0",
    };
    let message = "";
    try {
      authSettingsFromEnv(env);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      [
        "The editor's sign-in settings are not right:",
        "  - DATABASE_URL must be a PostgreSQL address starting with postgres:// or postgresql://.",
        "  - EDITOR_PUBLIC_ORIGIN is 'http://editor.hospital.example': it must start with https:// (plain http:// only for 127.0.0.1 or localhost), so sign-ins and cookies travel encrypted.",
        "  - EDITOR_OIDC_ISSUER is not set, but other EDITOR_OIDC_ settings are: give the identity provider's issuer address.",
        "  - EDITOR_OIDC_CLIENT_ID is not set, but other EDITOR_OIDC_ settings are: give the editor's client id at the identity provider.",
        "  - EDITOR_SESSION_IDLE_MINUTES is 'half an hour': give a whole number of minutes from 1 to 1440.",
        "  - EDITOR_SESSION_HOURS is '0': give a whole number of hours from 1 to 720.",
      ].join("\n"),
    );
    expect(message).not.toContain("hunter2");
    expect(message).not.toContain("s3cret-value");
  });

  it("refuse an idle time longer than the session", () => {
    expect(() =>
      authSettingsFromEnv(
        { EDITOR_SESSION_IDLE_MINUTES: "600", EDITOR_SESSION_HOURS: "2" },
        { publicOrigin: "http://localhost:5190" },
      ),
    ).toThrow(
      "EDITOR_SESSION_IDLE_MINUTES (600) is longer than EDITOR_SESSION_HOURS (2 hours): a session ends at the earlier of the two, so make the idle time shorter.",
    );
  });
});
