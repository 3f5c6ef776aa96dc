/**
 * Server-side sessions: the cookie holds only a random id; the database keeps its hash, the
 * person, a CSRF token and two times. A session ends when it has been idle too long, when it is
 * older than the absolute limit, when its person signs out (here or everywhere), or when the
 * person is removed. Ending one is deleting its row, so it is revoked at once on every instance.
 */
import type { EditorDb, PersonRecord, SessionRecord } from "./db";
import { hashToken, newToken } from "./tokens";

/** Last-seen times are written at most this often, so reading pages does not write on every request. */
const touchEveryMs = 60_000;

/** A live session and its person. */
export interface LiveSession {
  id: string;
  record: SessionRecord;
  person: PersonRecord;
}

export class Sessions {
  constructor(
    private readonly db: EditorDb,
    private readonly now: () => number,
    private readonly idleMs: number,
    private readonly absoluteMs: number,
  ) {}

  /** A new session for the person; returns its id (for the cookie only) and CSRF token. */
  async start(personId: string): Promise<{ id: string; csrfToken: string }> {
    const id = newToken();
    const csrfToken = newToken();
    const at = this.now();
    await this.db.sessions.create({ idHash: hashToken(id), personId, csrfToken, createdAt: at, lastSeenAt: at });
    return { id, csrfToken };
  }

  /** The live session of a cookie's id; an expired one is deleted and undefined returned. */
  async resolve(id: string | undefined): Promise<LiveSession | undefined> {
    if (!id || id.length > 100) return undefined;
    const idHash = hashToken(id);
    const record = await this.db.sessions.get(idHash);
    if (!record) return undefined;
    const at = this.now();
    if (at - record.lastSeenAt > this.idleMs || at - record.createdAt > this.absoluteMs) {
      await this.db.sessions.remove(idHash);
      return undefined;
    }
    const person = await this.db.people.get(record.personId);
    if (!person) return undefined;
    if (at - record.lastSeenAt >= touchEveryMs) {
      await this.db.sessions.touch(idHash, at);
      record.lastSeenAt = at;
    }
    return { id, record, person };
  }

  async end(id: string): Promise<void> {
    await this.db.sessions.remove(hashToken(id));
  }

  /** Ends every session of the person; how many there were. */
  endAll(personId: string): Promise<number> {
    return this.db.sessions.removeForPerson(personId);
  }

  /** Forgets expired sessions (run now and then; resolve refuses them anyway). */
  prune(): Promise<number> {
    const at = this.now();
    return this.db.sessions.prune(at - this.idleMs, at - this.absoluteMs);
  }
}
