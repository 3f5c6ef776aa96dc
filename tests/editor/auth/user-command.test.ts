/**
 * `npm run editor -- user ...` (runUserCommand): people from the command line, over a SQLite
 * editor database in a temporary folder; passwords asked for on a (stand-in) terminal.
 */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openEditorDb } from "../../../src/editor/server/auth/db";
import { verifyPassword } from "../../../src/editor/server/auth/passwords";
import { runUserCommand, type UserCommandIo } from "../../../src/editor/server/auth/user-command";
import { tempDir } from "../../helpers/relay";

let env: Record<string, string>;
let cleanup: () => void;
let out: string[];
let err: string[];
let answers: (string | undefined)[];

const io: UserCommandIo = {
  out: (line) => out.push(line),
  err: (line) => err.push(line),
  // No answers ready: there is no terminal, and nothing is asked.
  askPassword: async (prompt) => {
    if (!answers.length) return undefined;
    out.push(prompt);
    return answers.shift();
  },
};
const run = (line: string[]) => runUserCommand(line, env, io);

beforeEach(() => {
  const temp = tempDir("editor-users-");
  cleanup = temp.cleanup;
  env = { EDITOR_DB: path.join(temp.dir, "editor.db") };
  out = [];
  err = [];
  answers = [];
});
afterEach(() => cleanup());

async function stored(email: string) {
  const db = await openEditorDb({ file: env.EDITOR_DB });
  try {
    return await db.people.byEmail(email);
  } finally {
    await db.close();
  }
}

describe("editor user command", () => {
  it("adds a translator with a password given for scripts, and lists them without it", async () => {
    const password = "a long enough password";
    expect(
      await run([
        "user",
        "add",
        "Lakshmi@hospital.example",
        "--role",
        "translator",
        "--lang",
        "te",
        "--name",
        "Lakshmi R",
        "--password",
        password,
      ]),
    ).toBe(0);
    expect(out).toEqual(["Added lakshmi@hospital.example  Lakshmi R  translator (te)  password."]);
    expect(await verifyPassword((await stored("lakshmi@hospital.example"))?.passwordHash, password)).toBe(true);
    out = [];
    expect(await run(["user", "list"])).toBe(0);
    expect(out).toEqual(["lakshmi@hospital.example  Lakshmi R  translator (te)  password"]);
    expect(out.join("")).not.toContain(password);
  });

  it("adds a doctor's account as a clinical reviewer, linked to their entry in doctors.json", async () => {
    const args = ["add", "anjali@hospital.example", "--role", "clinical-reviewer", "--name", "Dr. Anjali"];
    expect(await run([...args, "--doctor", "dr-anjali-example", "--password", "a long enough password"])).toBe(0);
    expect(out).toEqual([
      "Added anjali@hospital.example  Dr. Anjali  clinical-reviewer (doctor dr-anjali-example)  password.",
    ]);
    expect((await stored("anjali@hospital.example"))?.doctor).toBe("dr-anjali-example");
    expect(await run(["roles", "anjali@hospital.example", "--role", "reviewer"])).toBe(0);
    expect((await stored("anjali@hospital.example"))?.doctor).toBeUndefined();
  });

  it("asks for the password twice on a terminal, and refuses two that differ", async () => {
    answers = ["first long password", "second long password"];
    expect(await run(["add", "a@hospital.example", "--role", "admin"])).toBe(1);
    expect(out).toEqual(["Password for a@hospital.example: ", "The same password again: "]);
    expect(err).toEqual(["The two passwords differ; nothing was changed. Run the command again."]);
    expect(await stored("a@hospital.example")).toBeUndefined();
    answers = ["first long password", "first long password"];
    expect(await run(["add", "a@hospital.example", "--role", "admin"])).toBe(0);
    expect(await verifyPassword((await stored("a@hospital.example"))?.passwordHash, "first long password")).toBe(true);
  });

  it("adds a person without a password when there is no terminal, and says how they sign in", async () => {
    expect(await run(["add", "b@hospital.example", "--role", "reviewer"])).toBe(0);
    expect(out).toEqual([
      "Added b@hospital.example  b  reviewer  identity provider only.",
      "b@hospital.example has no password, so they can sign in only through the identity provider. Give one with: user password b@hospital.example",
    ]);
  });

  it("changes roles, sets a password (lifting a lock), removes a person, and records each in the audit log", async () => {
    await run(["add", "admin@hospital.example", "--role", "admin", "--password", "admin long password"]);
    await run(["add", "c@hospital.example", "--role", "editor", "--password", "c long password 1"]);
    expect(await run(["roles", "c@hospital.example", "--role", "editor", "--role", "publisher"])).toBe(0);
    expect(await run(["password", "c@hospital.example", "--password", "c long password 2"])).toBe(0);
    expect(await run(["remove", "c@hospital.example"])).toBe(0);
    expect(await stored("c@hospital.example")).toBeUndefined();
    const db = await openEditorDb({ file: env.EDITOR_DB });
    const actions = (await db.audit.list()).map((l) => `${l.action} ${(l.detail as { email: string }).email}`);
    await db.close();
    expect(actions).toEqual([
      "person-removed c@hospital.example",
      "password-set c@hospital.example",
      "roles-changed c@hospital.example",
      "person-added c@hospital.example",
      "person-added admin@hospital.example",
    ]);
  });

  it("refuses mistakes in words", async () => {
    await run(["add", "admin@hospital.example", "--role", "admin", "--password", "admin long password"]);
    expect(await run(["remove", "admin@hospital.example"])).toBe(1);
    expect(await run(["roles", "nobody@hospital.example", "--role", "editor"])).toBe(1);
    expect(await run(["add", "d@hospital.example", "--role", "translator", "--password", "d long password"])).toBe(1);
    expect(err).toEqual([
      "At least one person must keep the admin role, or nobody could manage people. Give someone else the admin role first.",
      "There is nobody with the email nobody@hospital.example in the editor; 'user list' shows who is.",
      "A translator needs at least one language they may change, such as te or hi.",
    ]);
    err = [];
    expect(await run(["frobnicate"])).toBe(2);
    expect(err[0]).toMatch(/^Unknown user command 'frobnicate'.\nUsage:\n {2}npm run editor -- user add <email>/);
  });
});
