/**
 * The people of the hosted editor, shared by every part of its server (auth, changes, routes).
 */

/** What a person may do; a person may hold several. */
export type Role = "editor" | "translator" | "reviewer" | "clinical-reviewer" | "publisher" | "admin";

/** A person who may sign in to the editor. */
export interface Person {
  /** Stable id (uuid). */
  id: string;
  /** Lower-cased. */
  email: string;
  /** Display name, used as git author name. */
  name: string;
  roles: Role[];
  /** Languages a translator may change ("te", "hi"); [] otherwise. */
  languages: string[];
  /**
   * The doctor a clinical reviewer is: the slug of their entry in doctors.json. Their approval is
   * recorded on the pages as that doctor's review. Absent for everyone else.
   */
  doctor?: string;
}
