/**
 * The editor's database in one SQLite file (better-sqlite3, WAL): the embedded default, for
 * one editor instance. The statements are synchronous and quick; the methods are async only to
 * keep one interface with PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
import {
  auditFromColumns,
  changeSetFromColumns,
  flowFromColumns,
  type PersonColumns,
  personFromColumns,
  reviewFromColumns,
  sessionFromColumns,
  uniqueEmailError,
} from "./db-rows";
import type { EditorDb, NewPerson, PersonRecord, SignInFlow } from "./db-types";
import { normaliseEmail } from "./db-types";

/** Each migration once, in order (PRAGMA user_version counts them). Never edit one that has shipped. */
const migrations: string[] = [
  `CREATE TABLE editor_people (
     id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT NOT NULL, roles TEXT NOT NULL,
     languages TEXT NOT NULL, password_hash TEXT, created_at INTEGER NOT NULL);
   CREATE TABLE editor_sessions (
     id_hash TEXT PRIMARY KEY, person_id TEXT NOT NULL REFERENCES editor_people (id) ON DELETE CASCADE,
     csrf_token TEXT NOT NULL, created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL);
   CREATE INDEX editor_sessions_person ON editor_sessions (person_id);
   CREATE TABLE editor_sign_in_attempts (key TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX editor_sign_in_attempts_key ON editor_sign_in_attempts (key, at);
   CREATE TABLE editor_sign_in_flows (
     id_hash TEXT PRIMARY KEY, code_verifier TEXT NOT NULL, state TEXT NOT NULL, nonce TEXT NOT NULL,
     next TEXT NOT NULL, created_at INTEGER NOT NULL);
   CREATE TABLE editor_audit (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, actor TEXT, action TEXT NOT NULL,
     detail TEXT NOT NULL, address TEXT);
   CREATE TRIGGER editor_audit_no_update BEFORE UPDATE ON editor_audit
     BEGIN SELECT RAISE(ABORT, 'The audit log is append-only.'); END;
   CREATE TRIGGER editor_audit_no_delete BEFORE DELETE ON editor_audit
     BEGIN SELECT RAISE(ABORT, 'The audit log is append-only.'); END;
   CREATE TABLE editor_change_sets (
     id TEXT PRIMARY KEY, title TEXT NOT NULL, author TEXT NOT NULL, created_at INTEGER NOT NULL,
     status TEXT NOT NULL, status_by TEXT NOT NULL, status_at INTEGER NOT NULL);
   CREATE TABLE editor_change_set_reviews (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, change_set_id TEXT NOT NULL, by TEXT NOT NULL,
     verdict TEXT NOT NULL, comment TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX editor_change_set_reviews_cs ON editor_change_set_reviews (change_set_id, seq);`,
  // A clinical reviewer's doctor (a slug of the site's doctors.json).
  "ALTER TABLE editor_people ADD COLUMN doctor TEXT;",
];

type Row = Record<string, unknown>;

/** The SQLite editor database; open it with openEditorDb. */
export class SqliteEditorDb implements EditorDb {
  readonly kind = "sqlite";
  readonly where: string;
  private readonly db: Database.Database;

  constructor(
    file: string,
    private readonly now: () => number,
  ) {
    this.where = file;
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    const done = this.db.pragma("user_version", { simple: true }) as number;
    this.db.transaction(() => {
      for (let i = done; i < migrations.length; i++) this.db.exec(migrations[i]);
      this.db.pragma(`user_version = ${migrations.length}`);
    })();
  }

  /**
   * Each statement prepared once: every request resolves its session here, and preparing the
   * statement again each time cost more than running it (about 2 ms a request on a busy machine).
   */
  private readonly statements = new Map<string, Database.Statement>();

  private statement(sql: string): Database.Statement {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      prepared = this.db.prepare(sql);
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  private all(sql: string, ...params: unknown[]): Row[] {
    return this.statement(sql).all(...params) as Row[];
  }

  private one(sql: string, ...params: unknown[]): Row | undefined {
    return this.statement(sql).get(...params) as Row | undefined;
  }

  private run(sql: string, ...params: unknown[]) {
    return this.statement(sql).run(...params);
  }

  private person(r: Row | undefined): PersonRecord | undefined {
    return r && personFromColumns(r as unknown as PersonColumns, JSON.parse);
  }

  people: EditorDb["people"] = {
    add: async (p: NewPerson) => {
      const row = {
        id: randomUUID(),
        email: normaliseEmail(p.email),
        name: p.name,
        roles: JSON.stringify(p.roles),
        languages: JSON.stringify(p.languages),
        doctor: p.doctor ?? null,
        password_hash: p.passwordHash ?? null,
        created_at: this.now(),
      };
      try {
        this.run(
          "INSERT INTO editor_people (id, email, name, roles, languages, doctor, password_hash, created_at) VALUES (@id, @email, @name, @roles, @languages, @doctor, @password_hash, @created_at)",
          row,
        );
      } catch (error) {
        if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") throw uniqueEmailError(row.email);
        throw error;
      }
      return this.person(row) as PersonRecord;
    },
    get: async (id) => this.person(this.one("SELECT * FROM editor_people WHERE id = ?", id)),
    byEmail: async (email) =>
      this.person(this.one("SELECT * FROM editor_people WHERE email = ?", normaliseEmail(email))),
    list: async () => this.all("SELECT * FROM editor_people ORDER BY email").map((r) => this.person(r) as PersonRecord),
    update: async (id, change) => {
      const sets: string[] = [];
      const values: unknown[] = [];
      if (change.name !== undefined) sets.push("name = ?") && values.push(change.name);
      if (change.roles !== undefined) sets.push("roles = ?") && values.push(JSON.stringify(change.roles));
      if (change.languages !== undefined) sets.push("languages = ?") && values.push(JSON.stringify(change.languages));
      if (change.doctor !== undefined) sets.push("doctor = ?") && values.push(change.doctor);
      if (sets.length) this.run(`UPDATE editor_people SET ${sets.join(", ")} WHERE id = ?`, ...values, id);
      return this.people.get(id);
    },
    setPassword: async (id, hash) => {
      this.run("UPDATE editor_people SET password_hash = ? WHERE id = ?", hash, id);
    },
    remove: async (id) => this.run("DELETE FROM editor_people WHERE id = ?", id).changes > 0,
  };

  sessions: EditorDb["sessions"] = {
    create: async (s) => {
      this.run(
        "INSERT INTO editor_sessions (id_hash, person_id, csrf_token, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)",
        s.idHash,
        s.personId,
        s.csrfToken,
        s.createdAt,
        s.lastSeenAt,
      );
    },
    get: async (idHash) => sessionFromColumns(this.one("SELECT * FROM editor_sessions WHERE id_hash = ?", idHash)),
    touch: async (idHash, at) => {
      this.run("UPDATE editor_sessions SET last_seen_at = ? WHERE id_hash = ?", at, idHash);
    },
    remove: async (idHash) => {
      this.run("DELETE FROM editor_sessions WHERE id_hash = ?", idHash);
    },
    removeForPerson: async (personId) => this.run("DELETE FROM editor_sessions WHERE person_id = ?", personId).changes,
    prune: async (idleBefore, createdBefore) =>
      this.run("DELETE FROM editor_sessions WHERE last_seen_at < ? OR created_at < ?", idleBefore, createdBefore)
        .changes,
  };

  attempts: EditorDb["attempts"] = {
    add: async (key, at) => {
      this.run("INSERT INTO editor_sign_in_attempts (key, at) VALUES (?, ?)", key, at);
    },
    since: async (key, since) =>
      this.all("SELECT at FROM editor_sign_in_attempts WHERE key = ? AND at >= ? ORDER BY at", key, since).map(
        (r) => r.at as number,
      ),
    clear: async (key) => {
      this.run("DELETE FROM editor_sign_in_attempts WHERE key = ?", key);
    },
    prune: async (before) => this.run("DELETE FROM editor_sign_in_attempts WHERE at < ?", before).changes,
  };

  signInFlows: EditorDb["signInFlows"] = {
    put: async (f: SignInFlow) => {
      this.run(
        "INSERT INTO editor_sign_in_flows (id_hash, code_verifier, state, nonce, next, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        f.idHash,
        f.codeVerifier,
        f.state,
        f.nonce,
        f.next,
        f.createdAt,
      );
    },
    take: async (idHash) => {
      return flowFromColumns(this.one("DELETE FROM editor_sign_in_flows WHERE id_hash = ? RETURNING *", idHash));
    },
    prune: async (before) => this.run("DELETE FROM editor_sign_in_flows WHERE created_at < ?", before).changes,
  };

  audit: EditorDb["audit"] = {
    append: async (e) => {
      this.run(
        "INSERT INTO editor_audit (at, actor, action, detail, address) VALUES (?, ?, ?, ?, ?)",
        e.at,
        e.actor,
        e.action,
        JSON.stringify(e.detail),
        e.address,
      );
    },
    list: async (limit = 500) =>
      this.all("SELECT * FROM editor_audit ORDER BY seq DESC LIMIT ?", limit).map(auditFromColumns),
  };

  changeSets: EditorDb["changeSets"] = {
    create: async (cs) => {
      this.run(
        "INSERT INTO editor_change_sets (id, title, author, created_at, status, status_by, status_at) VALUES (?, ?, ?, ?, 'open', ?, ?)",
        cs.id,
        cs.title,
        cs.author,
        cs.createdAt,
        cs.author,
        cs.createdAt,
      );
    },
    get: async (id) => {
      const r = this.one("SELECT * FROM editor_change_sets WHERE id = ?", id);
      return r && changeSetFromColumns(r);
    },
    list: async () =>
      this.all("SELECT * FROM editor_change_sets ORDER BY created_at DESC, id").map(changeSetFromColumns),
    setStatus: async (id, status, by) => {
      this.run(
        "UPDATE editor_change_sets SET status = ?, status_by = ?, status_at = ? WHERE id = ?",
        status,
        by,
        this.now(),
        id,
      );
    },
    addReview: async (id, r) => {
      this.run(
        "INSERT INTO editor_change_set_reviews (change_set_id, by, verdict, comment, at) VALUES (?, ?, ?, ?, ?)",
        id,
        r.by,
        r.verdict,
        r.comment,
        r.at,
      );
    },
    reviews: async (id) =>
      this.all("SELECT * FROM editor_change_set_reviews WHERE change_set_id = ? ORDER BY seq", id).map(
        reviewFromColumns,
      ),
  };

  async close() {
    this.db.close();
  }
}
