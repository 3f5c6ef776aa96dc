/**
 * The editor's database: people, sessions, sign-in attempts, sign-in flows, the audit log and
 * the change sets' metadata. SQLite on the editor's disk by default; PostgreSQL with a
 * DATABASE_URL, so that two editor instances behind a balancer share people and sessions
 * (the same choice as the relay's outbox, src/relay/open-store.ts).
 *
 * Both implementations keep one contract (tests/editor/auth/db-contract.test.ts runs it
 * against each). Times are milliseconds since the epoch, from the editor's clock.
 */
import type { Person, Role } from "./types";

/** A person as stored: with the password's hash (absent for people who sign in with OpenID Connect). */
export interface PersonRecord extends Person {
  passwordHash: string | null;
  createdAt: number;
}

/** A new person. */
export interface NewPerson {
  email: string;
  name: string;
  roles: Role[];
  languages: string[];
  /** A clinical reviewer's doctor (a slug of doctors.json). */
  doctor?: string | null;
  passwordHash?: string | null;
}

/** A session as stored: keyed by the SHA-256 of its id, so the table alone opens no session. */
export interface SessionRecord {
  idHash: string;
  personId: string;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
}

/** An OpenID Connect sign-in under way, between the redirect to the provider and its return. */
export interface SignInFlow {
  idHash: string;
  codeVerifier: string;
  state: string;
  nonce: string;
  next: string;
  createdAt: number;
}

/** One line of the audit log. */
export interface AuditRow {
  seq: number;
  at: number;
  /** Who did it: the person's email; null for someone not signed in (a failed sign-in). */
  actor: string | null;
  action: string;
  detail: Record<string, unknown>;
  address: string | null;
}

export type ChangeSetStatus = "open" | "in-review" | "approved" | "changes-requested" | "published" | "withdrawn";

/** A change set's metadata (its content lives in git). */
export interface ChangeSetRow {
  id: string;
  title: string;
  /** The author's person id. */
  author: string;
  createdAt: number;
  status: ChangeSetStatus;
  /** Who set the status last, and when (the author and createdAt until then). */
  statusBy: string;
  statusAt: number;
}

/**
 * A verdict on a change set: a reviewer's, or a clinical reviewer's on its medical part
 * ("clinically-approved", "clinical-changes-requested"); "clinical-review-needed" marks a save of
 * medical content after a clinical approval, which the approval then no longer covers.
 */
export type Verdict =
  | "approved"
  | "changes-requested"
  | "clinically-approved"
  | "clinical-changes-requested"
  | "clinical-review-needed";

/** A reviewer's verdict on a change set. */
export interface ReviewRow {
  changeSetId: string;
  by: string;
  verdict: Verdict;
  comment: string;
  at: number;
}

/** The editor's database; see the module comment. */
export interface EditorDb {
  /** "sqlite" or "postgres". */
  readonly kind: "sqlite" | "postgres";
  /** Where it is, as logs may show it (no password). */
  readonly where: string;
  people: {
    /** Adds a person; the email is lower-cased. Refuses (throws) an email already taken. */
    add(person: NewPerson): Promise<PersonRecord>;
    get(id: string): Promise<PersonRecord | undefined>;
    byEmail(email: string): Promise<PersonRecord | undefined>;
    /** Everyone, by email. */
    list(): Promise<PersonRecord[]>;
    update(
      id: string,
      change: Partial<Pick<Person, "name" | "roles" | "languages">> & { doctor?: string | null },
    ): Promise<PersonRecord | undefined>;
    setPassword(id: string, passwordHash: string | null): Promise<void>;
    /** Removes the person and their sessions; false when there was nobody. */
    remove(id: string): Promise<boolean>;
  };
  sessions: {
    create(session: SessionRecord): Promise<void>;
    get(idHash: string): Promise<SessionRecord | undefined>;
    touch(idHash: string, at: number): Promise<void>;
    remove(idHash: string): Promise<void>;
    /** Ends every session of a person; how many there were. */
    removeForPerson(personId: string): Promise<number>;
    /** Forgets sessions last seen before `idleBefore` or created before `createdBefore`. */
    prune(idleBefore: number, createdBefore: number): Promise<number>;
  };
  /** Failed sign-ins, by key ("account:<email>", "address:<ip>"), shared by every instance. */
  attempts: {
    add(key: string, at: number): Promise<void>;
    /** The times of the failures since `since`, oldest first. */
    since(key: string, since: number): Promise<number[]>;
    clear(key: string): Promise<void>;
    /** Forgets failures before `before`; how many. */
    prune(before: number): Promise<number>;
  };
  signInFlows: {
    put(flow: SignInFlow): Promise<void>;
    /** Returns the flow and forgets it: a flow completes once. */
    take(idHash: string): Promise<SignInFlow | undefined>;
    /** Forgets flows begun before `before` (abandoned at the provider); how many. */
    prune(before: number): Promise<number>;
  };
  /** Append-only: there is no method that changes or removes a line (the tables refuse it too). */
  audit: {
    append(entry: Omit<AuditRow, "seq">): Promise<void>;
    /** Newest first. */
    list(limit?: number): Promise<AuditRow[]>;
  };
  changeSets: {
    create(cs: { id: string; title: string; author: string; createdAt: number }): Promise<void>;
    get(id: string): Promise<ChangeSetRow | undefined>;
    /** Newest first. */
    list(): Promise<ChangeSetRow[]>;
    setStatus(id: string, status: ChangeSetStatus, by: string): Promise<void>;
    addReview(id: string, review: { by: string; verdict: Verdict; comment: string; at: number }): Promise<void>;
    /** Oldest first. */
    reviews(id: string): Promise<ReviewRow[]>;
  };
  close(): Promise<void>;
}

/** The email as stored and compared: trimmed, lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
