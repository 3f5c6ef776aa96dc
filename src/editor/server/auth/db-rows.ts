/** Rows of the editor database turned into records, the same for SQLite and PostgreSQL. */
import type {
  AuditRow,
  ChangeSetRow,
  ChangeSetStatus,
  PersonRecord,
  ReviewRow,
  SessionRecord,
  SignInFlow,
} from "./db-types";
import type { Role } from "./types";

/** A person's columns; roles and languages are JSON text (SQLite) or already arrays (PostgreSQL jsonb). */
export interface PersonColumns {
  id: string;
  email: string;
  name: string;
  roles: unknown;
  languages: unknown;
  /** Added by the second migration: a clinical reviewer's doctor. */
  doctor?: string | null;
  password_hash: string | null;
  created_at: number | string;
}

export function personFromColumns(r: PersonColumns, parse: (text: string) => unknown): PersonRecord {
  const list = (v: unknown) => (typeof v === "string" ? parse(v) : v) as string[];
  return {
    id: r.id,
    email: r.email,
    name: r.name,
    roles: list(r.roles) as Role[],
    languages: list(r.languages),
    ...(r.doctor ? { doctor: r.doctor } : {}),
    passwordHash: r.password_hash,
    createdAt: Number(r.created_at),
  };
}

/** The error of an email that another person already has. */
export class EmailTakenError extends Error {
  constructor(readonly email: string) {
    super(`Someone with the email ${email} is already in the editor; change their roles instead of adding them again.`);
  }
}

export function uniqueEmailError(email: string): EmailTakenError {
  return new EmailTakenError(email);
}

type Row = Record<string, unknown>;

export function sessionFromColumns(r: Row | undefined): SessionRecord | undefined {
  return (
    r && {
      idHash: r.id_hash as string,
      personId: r.person_id as string,
      csrfToken: r.csrf_token as string,
      createdAt: Number(r.created_at),
      lastSeenAt: Number(r.last_seen_at),
    }
  );
}

export function flowFromColumns(r: Row | undefined): SignInFlow | undefined {
  return (
    r && {
      idHash: r.id_hash as string,
      codeVerifier: r.code_verifier as string,
      state: r.state as string,
      nonce: r.nonce as string,
      next: r.next as string,
      createdAt: Number(r.created_at),
    }
  );
}

/** An audit line; `detail` is JSON text (SQLite) or already an object (PostgreSQL jsonb). */
export function auditFromColumns(r: Row): AuditRow {
  return {
    seq: Number(r.seq),
    at: Number(r.at),
    actor: (r.actor as string | null) ?? null,
    action: r.action as string,
    detail: (typeof r.detail === "string" ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
    address: (r.address as string | null) ?? null,
  };
}

export function changeSetFromColumns(r: Row): ChangeSetRow {
  return {
    id: r.id as string,
    title: r.title as string,
    author: r.author as string,
    createdAt: Number(r.created_at),
    status: r.status as ChangeSetStatus,
    statusBy: r.status_by as string,
    statusAt: Number(r.status_at),
  };
}

export function reviewFromColumns(r: Row): ReviewRow {
  return {
    changeSetId: r.change_set_id as string,
    by: r.by as string,
    verdict: r.verdict as ReviewRow["verdict"],
    comment: r.comment as string,
    at: Number(r.at),
  };
}
