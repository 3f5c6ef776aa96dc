/**
 * Opens the editor's database: SQLite on the editor's disk by default, PostgreSQL with a
 * DATABASE_URL (the interface and the contract both keep are in db-types.ts).
 */
import type { EditorDb } from "./db-types";

export * from "./db-types";

/** Where the editor's database is. */
export interface EditorDbChoice {
  /** A PostgreSQL URL; absent: the SQLite file. */
  databaseUrl?: string;
  /** The SQLite file; default ./editor.db (":memory:" for a throwaway one). */
  file?: string;
  /** The clock of setStatus (tests); default Date.now. */
  now?: () => number;
}

/** Opens (and creates or updates the tables of) the editor's database. */
export async function openEditorDb(choice: EditorDbChoice): Promise<EditorDb> {
  if (choice.databaseUrl) {
    const { PgEditorDb } = await import("./db-pg");
    return PgEditorDb.open(choice.databaseUrl, choice.now ?? Date.now);
  }
  const { SqliteEditorDb } = await import("./db-sqlite");
  return new SqliteEditorDb(choice.file ?? "editor.db", choice.now ?? Date.now);
}
