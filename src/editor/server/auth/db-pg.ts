/**
 * The editor's database in PostgreSQL (DATABASE_URL): shared by every editor instance behind a
 * balancer, so a session made on one is honoured by the other, and failed sign-ins count across
 * both. Plain `pg`, as the relay's outbox (src/relay/pg-store.ts).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { migrateEditorDb } from "./db-pg-migrations";
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
import type { EditorDb, PersonRecord } from "./db-types";
import { normaliseEmail } from "./db-types";

/** Numbers stay numbers: bigint milliseconds fit a double. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

type Row = Record<string, unknown>;

/** The database as a log may name it: host, port and name, never the user or password. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `postgres://${u.host}${u.pathname}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

const person = (r: Row | undefined): PersonRecord | undefined =>
  r && personFromColumns(r as unknown as PersonColumns, JSON.parse);

/** A uuid column compared with text that is not a uuid would be an error; such an id matches nobody. */
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The PostgreSQL editor database; open it with openEditorDb. */
export class PgEditorDb implements EditorDb {
  readonly kind = "postgres";
  readonly where: string;

  private constructor(
    private readonly pool: pg.Pool,
    url: string,
    private readonly now: () => number,
  ) {
    this.where = where(url);
  }

  static async open(url: string, now: () => number): Promise<PgEditorDb> {
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      connectionTimeoutMillis: 3000,
      query_timeout: 10_000,
      application_name: "hospital-site-editor",
      types,
    });
    // An idle connection that breaks (the database restarted) is replaced by the pool; without a
    // listener its error would end the process.
    pool.on("error", () => {});
    const client = await pool.connect();
    try {
      await migrateEditorDb(client);
    } finally {
      client.release();
    }
    return new PgEditorDb(pool, url, now);
  }

  private async all(sql: string, params: unknown[] = []): Promise<Row[]> {
    return (await this.pool.query(sql, params)).rows;
  }

  private async one(sql: string, params: unknown[] = []): Promise<Row | undefined> {
    return (await this.pool.query(sql, params)).rows[0];
  }

  private async run(sql: string, params: unknown[] = []): Promise<number> {
    return (await this.pool.query(sql, params)).rowCount ?? 0;
  }

  people: EditorDb["people"] = {
    add: async (p) => {
      const email = normaliseEmail(p.email);
      try {
        const row = await this.one(
          "INSERT INTO editor_people (id, email, name, roles, languages, password_hash, created_at, doctor) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *",
          [
            randomUUID(),
            email,
            p.name,
            JSON.stringify(p.roles),
            JSON.stringify(p.languages),
            p.passwordHash ?? null,
            this.now(),
            p.doctor ?? null,
          ],
        );
        return person(row) as PersonRecord;
      } catch (error) {
        if ((error as { code?: string }).code === "23505") throw uniqueEmailError(email);
        throw error;
      }
    },
    get: async (id) =>
      uuidPattern.test(id) ? person(await this.one("SELECT * FROM editor_people WHERE id = $1", [id])) : undefined,
    byEmail: async (email) =>
      person(await this.one("SELECT * FROM editor_people WHERE email = $1", [normaliseEmail(email)])),
    list: async () =>
      (await this.all("SELECT * FROM editor_people ORDER BY email")).map((r) => person(r) as PersonRecord),
    update: async (id, change) => {
      if (!uuidPattern.test(id)) return undefined;
      const sets: string[] = [];
      const values: unknown[] = [];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (change.name !== undefined) set("name", change.name);
      if (change.roles !== undefined) set("roles", JSON.stringify(change.roles));
      if (change.languages !== undefined) set("languages", JSON.stringify(change.languages));
      if (change.doctor !== undefined) set("doctor", change.doctor);
      if (sets.length) {
        values.push(id);
        await this.run(`UPDATE editor_people SET ${sets.join(", ")} WHERE id = $${values.length}`, values);
      }
      return this.people.get(id);
    },
    setPassword: async (id, hash) => {
      await this.run("UPDATE editor_people SET password_hash = $1 WHERE id = $2", [hash, id]);
    },
    remove: async (id) => uuidPattern.test(id) && (await this.run("DELETE FROM editor_people WHERE id = $1", [id])) > 0,
  };

  sessions: EditorDb["sessions"] = {
    create: async (s) => {
      await this.run(
        "INSERT INTO editor_sessions (id_hash, person_id, csrf_token, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)",
        [s.idHash, s.personId, s.csrfToken, s.createdAt, s.lastSeenAt],
      );
    },
    get: async (idHash) =>
      sessionFromColumns(await this.one("SELECT * FROM editor_sessions WHERE id_hash = $1", [idHash])),
    touch: async (idHash, at) => {
      await this.run("UPDATE editor_sessions SET last_seen_at = $1 WHERE id_hash = $2", [at, idHash]);
    },
    remove: async (idHash) => {
      await this.run("DELETE FROM editor_sessions WHERE id_hash = $1", [idHash]);
    },
    removeForPerson: async (personId) => this.run("DELETE FROM editor_sessions WHERE person_id = $1", [personId]),
    prune: async (idleBefore, createdBefore) =>
      this.run("DELETE FROM editor_sessions WHERE last_seen_at < $1 OR created_at < $2", [idleBefore, createdBefore]),
  };

  attempts: EditorDb["attempts"] = {
    add: async (key, at) => {
      await this.run("INSERT INTO editor_sign_in_attempts (key, at) VALUES ($1, $2)", [key, at]);
    },
    since: async (key, since) =>
      (
        await this.all("SELECT at FROM editor_sign_in_attempts WHERE key = $1 AND at >= $2 ORDER BY at", [key, since])
      ).map((r) => r.at as number),
    clear: async (key) => {
      await this.run("DELETE FROM editor_sign_in_attempts WHERE key = $1", [key]);
    },
    prune: (before) => this.run("DELETE FROM editor_sign_in_attempts WHERE at < $1", [before]),
  };

  signInFlows: EditorDb["signInFlows"] = {
    put: async (f) => {
      await this.run(
        "INSERT INTO editor_sign_in_flows (id_hash, code_verifier, state, nonce, next, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
        [f.idHash, f.codeVerifier, f.state, f.nonce, f.next, f.createdAt],
      );
    },
    take: async (idHash) => {
      return flowFromColumns(
        await this.one("DELETE FROM editor_sign_in_flows WHERE id_hash = $1 RETURNING *", [idHash]),
      );
    },
    prune: (before) => this.run("DELETE FROM editor_sign_in_flows WHERE created_at < $1", [before]),
  };

  audit: EditorDb["audit"] = {
    append: async (e) => {
      await this.run("INSERT INTO editor_audit (at, actor, action, detail, address) VALUES ($1, $2, $3, $4, $5)", [
        e.at,
        e.actor,
        e.action,
        JSON.stringify(e.detail),
        e.address,
      ]);
    },
    list: async (limit = 500) =>
      (await this.all("SELECT * FROM editor_audit ORDER BY seq DESC LIMIT $1", [limit])).map(auditFromColumns),
  };

  changeSets: EditorDb["changeSets"] = {
    create: async (cs) => {
      await this.run(
        "INSERT INTO editor_change_sets (id, title, author, created_at, status, status_by, status_at) VALUES ($1, $2, $3, $4, 'open', $3, $4)",
        [cs.id, cs.title, cs.author, cs.createdAt],
      );
    },
    get: async (id) => {
      const r = await this.one("SELECT * FROM editor_change_sets WHERE id = $1", [id]);
      return r && changeSetFromColumns(r);
    },
    list: async () =>
      (await this.all("SELECT * FROM editor_change_sets ORDER BY created_at DESC, id")).map(changeSetFromColumns),
    setStatus: async (id, status, by) => {
      await this.run("UPDATE editor_change_sets SET status = $1, status_by = $2, status_at = $3 WHERE id = $4", [
        status,
        by,
        this.now(),
        id,
      ]);
    },
    addReview: async (id, r) => {
      await this.run(
        "INSERT INTO editor_change_set_reviews (change_set_id, by, verdict, comment, at) VALUES ($1, $2, $3, $4, $5)",
        [id, r.by, r.verdict, r.comment, r.at],
      );
    },
    reviews: async (id) =>
      (await this.all("SELECT * FROM editor_change_set_reviews WHERE change_set_id = $1 ORDER BY seq", [id])).map(
        reviewFromColumns,
      ),
  };

  async close() {
    await this.pool.end();
  }
}
