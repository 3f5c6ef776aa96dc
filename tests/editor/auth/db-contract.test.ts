/**
 * One contract, both editor databases: what sign-in, sessions, the audit log and the change
 * sets' metadata rely on, held against a SQLite file and a throwaway PostgreSQL cluster
 * (tests/helpers/postgres.ts). PostgreSQL's promise beyond it: a second editor on the same
 * database sees the first one's people and sessions.
 */
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type EditorDb, openEditorDb } from "../../../src/editor/server/auth/db";
import { type PostgresCluster, startPostgres } from "../../helpers/postgres";
import { tempDir } from "../../helpers/relay";

let cluster: PostgresCluster | undefined;
let databases = 0;
const opened: EditorDb[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
});
afterAll(async () => {
  await cluster?.destroy();
});
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const c of cleanups.splice(0)) c();
});

let clock = 1_000_000;
const now = () => clock;

/** A fresh database of each kind, with a way to open it again (a second editor) and to run raw SQL. */
const kinds = {
  SQLite: async () => {
    const { dir, cleanup } = tempDir("editor-db-");
    cleanups.push(cleanup);
    const file = path.join(dir, "editor.db");
    const db = await openEditorDb({ file, now });
    opened.push(db);
    const raw = async (sql: string) => {
      const conn = new Database(file);
      try {
        conn.exec(sql);
      } finally {
        conn.close();
      }
    };
    return { db, again: () => openEditorDb({ file, now }), raw };
  },
  PostgreSQL: async () => {
    const name = `editor_${++databases}`;
    const admin = new pg.Client({ connectionString: cluster!.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = cluster!.urlOf(name);
    const db = await openEditorDb({ databaseUrl: url, now });
    opened.push(db);
    const raw = async (sql: string) => {
      const conn = new pg.Client({ connectionString: url });
      await conn.connect();
      try {
        await conn.query(sql);
      } finally {
        await conn.end();
      }
    };
    return { db, again: () => openEditorDb({ databaseUrl: url, now }), raw };
  },
};

const session = (idHash: string, personId: string, at: number) => ({
  idHash,
  personId,
  csrfToken: `csrf-${idHash}`,
  createdAt: at,
  lastSeenAt: at,
});

describe.each(Object.entries(kinds))("editor database (%s)", (_kind, make) => {
  it("keeps people with roles and languages, by lower-cased email, and refuses a second with the same email", async () => {
    const { db } = await make();
    const asha = await db.people.add({
      email: " Asha@Hospital.Example ",
      name: "Asha Rao",
      roles: ["translator", "reviewer"],
      languages: ["te"],
      passwordHash: "$argon2id$x",
    });
    expect(asha).toMatchObject({
      email: "asha@hospital.example",
      roles: ["translator", "reviewer"],
      languages: ["te"],
    });
    expect(asha.id).toMatch(/^[0-9a-f-]{36}$/);
    await db.people.add({ email: "ben@hospital.example", name: "Ben", roles: ["admin"], languages: [] });
    await expect(
      db.people.add({ email: "ASHA@hospital.example", name: "Other", roles: ["editor"], languages: [] }),
    ).rejects.toThrow(
      "Someone with the email asha@hospital.example is already in the editor; change their roles instead of adding them again.",
    );
    expect((await db.people.byEmail("ASHA@HOSPITAL.EXAMPLE"))?.passwordHash).toBe("$argon2id$x");
    expect((await db.people.list()).map((p) => p.email)).toEqual(["asha@hospital.example", "ben@hospital.example"]);
    const changed = await db.people.update(asha.id, { roles: ["editor"], languages: [], name: "Asha R." });
    expect(changed).toMatchObject({ name: "Asha R.", roles: ["editor"], languages: [] });
    await db.people.setPassword(asha.id, null);
    expect((await db.people.get(asha.id))?.passwordHash).toBeNull();
    const doctor = await db.people.add({
      email: "anjali@hospital.example",
      name: "Dr. Anjali",
      roles: ["clinical-reviewer"],
      languages: [],
      doctor: "dr-anjali-example",
    });
    expect(doctor.doctor).toBe("dr-anjali-example");
    expect((await db.people.update(doctor.id, { roles: ["reviewer"], doctor: null }))?.doctor).toBeUndefined();
    expect(await db.people.get("not-a-uuid")).toBeUndefined();
    expect(await db.people.update("not-a-uuid", { name: "x" })).toBeUndefined();
  });

  it("ends a removed person's sessions with them, and ends all of a person's sessions at once", async () => {
    const { db } = await make();
    const a = await db.people.add({ email: "a@h.example", name: "A", roles: ["editor"], languages: [] });
    const b = await db.people.add({ email: "b@h.example", name: "B", roles: ["editor"], languages: [] });
    await db.sessions.create(session("a1", a.id, 10));
    await db.sessions.create(session("a2", a.id, 10));
    await db.sessions.create(session("b1", b.id, 10));
    expect(await db.sessions.get("a1")).toEqual(session("a1", a.id, 10));
    await db.sessions.touch("a1", 50);
    expect((await db.sessions.get("a1"))?.lastSeenAt).toBe(50);
    expect(await db.sessions.removeForPerson(a.id)).toBe(2);
    expect(await db.sessions.get("a2")).toBeUndefined();
    expect(await db.people.remove(b.id)).toBe(true);
    expect(await db.sessions.get("b1")).toBeUndefined();
    expect(await db.people.remove(b.id)).toBe(false);
  });

  it("prunes sessions idle or old past their limits", async () => {
    const { db } = await make();
    const a = await db.people.add({ email: "a@h.example", name: "A", roles: ["editor"], languages: [] });
    await db.sessions.create({ ...session("old", a.id, 0), lastSeenAt: 500 });
    await db.sessions.create({ ...session("idle", a.id, 300), lastSeenAt: 300 });
    await db.sessions.create({ ...session("live", a.id, 300), lastSeenAt: 500 });
    expect(await db.sessions.prune(400, 100)).toBe(2);
    expect(await db.sessions.get("live")).toBeDefined();
  });

  it("counts failed sign-ins by key since a time, clears and prunes them", async () => {
    const { db } = await make();
    for (const at of [5, 10, 20]) await db.attempts.add("account:a@h.example", at);
    await db.attempts.add("address:127.0.0.1", 20);
    expect(await db.attempts.since("account:a@h.example", 10)).toEqual([10, 20]);
    await db.attempts.clear("account:a@h.example");
    expect(await db.attempts.since("account:a@h.example", 0)).toEqual([]);
    expect(await db.attempts.prune(21)).toBe(1);
  });

  it("hands out a sign-in flow once, and prunes abandoned ones", async () => {
    const { db } = await make();
    const flow = { idHash: "f", codeVerifier: "v", state: "s", nonce: "n", next: "/editor/x", createdAt: 7 };
    await db.signInFlows.put(flow);
    expect(await db.signInFlows.take("f")).toEqual(flow);
    expect(await db.signInFlows.take("f")).toBeUndefined();
    await db.signInFlows.put({ ...flow, idHash: "old", createdAt: 1 });
    expect(await db.signInFlows.prune(5)).toBe(1);
  });

  it("appends to the audit log, lists it newest first, and refuses to change or delete a line", async () => {
    const { db, raw } = await make();
    await db.audit.append({
      at: 1,
      actor: null,
      action: "sign-in-failed",
      detail: { email: "x@h.example" },
      address: "10.0.0.1",
    });
    await db.audit.append({
      at: 2,
      actor: "a@h.example",
      action: "sign-in",
      detail: { method: "password" },
      address: null,
    });
    const lines = await db.audit.list();
    expect(lines.map((l) => [l.action, l.actor, l.detail, l.address])).toEqual([
      ["sign-in", "a@h.example", { method: "password" }, null],
      ["sign-in-failed", null, { email: "x@h.example" }, "10.0.0.1"],
    ]);
    await expect(raw("UPDATE editor_audit SET actor = 'someone else'")).rejects.toThrow(
      "The audit log is append-only.",
    );
    await expect(raw("DELETE FROM editor_audit")).rejects.toThrow("The audit log is append-only.");
    expect(await db.audit.list(1)).toHaveLength(1);
  });

  it("keeps change sets newest first, their status with who set it, and their reviews in order", async () => {
    const { db } = await make();
    await db.changeSets.create({ id: "cs-1", title: "Rename About", author: "p1", createdAt: 100 });
    await db.changeSets.create({ id: "cs-2", title: "Telugu fixes", author: "p2", createdAt: 200 });
    expect((await db.changeSets.list()).map((c) => c.id)).toEqual(["cs-2", "cs-1"]);
    expect(await db.changeSets.get("cs-1")).toEqual({
      id: "cs-1",
      title: "Rename About",
      author: "p1",
      createdAt: 100,
      status: "open",
      statusBy: "p1",
      statusAt: 100,
    });
    clock = 300;
    await db.changeSets.setStatus("cs-1", "in-review", "p1");
    expect(await db.changeSets.get("cs-1")).toMatchObject({ status: "in-review", statusBy: "p1", statusAt: 300 });
    await db.changeSets.addReview("cs-1", { by: "p3", verdict: "changes-requested", comment: "Typo", at: 310 });
    await db.changeSets.addReview("cs-1", { by: "p3", verdict: "approved", comment: "", at: 320 });
    expect((await db.changeSets.reviews("cs-1")).map((r) => r.verdict)).toEqual(["changes-requested", "approved"]);
    expect(await db.changeSets.reviews("cs-2")).toEqual([]);
    expect(await db.changeSets.get("nope")).toBeUndefined();
  });

  it("lets a second editor on the same database see the first one's people and sessions", async () => {
    const { db, again } = await make();
    const second = await again();
    opened.push(second);
    const a = await db.people.add({ email: "a@h.example", name: "A", roles: ["editor"], languages: [] });
    await db.sessions.create(session("s", a.id, 1));
    expect((await second.sessions.get("s"))?.personId).toBe(a.id);
    expect((await second.people.byEmail("a@h.example"))?.id).toBe(a.id);
  });
});
