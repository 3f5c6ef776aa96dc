/**
 * `npm run editor -- user ...`: people from the command line, for the first administrator and
 * for scripts. Uses DATABASE_URL, or EDITOR_DB (default ./editor.db).
 *
 *   user add <email> --role editor [--role translator --lang te] [--name "..."] [--password P]
 *   user add <email> --role clinical-reviewer --doctor <slug in doctors.json>
 *   user roles <email> --role ... [--lang ...] [--doctor ...]
 *   user password <email> [--password P]
 *   user remove <email>
 *   user list
 *
 * Without --password on a terminal the password is asked for twice, not echoed. Passwords are
 * never printed.
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { type EditorDb, openEditorDb, type PersonRecord } from "./db";
import { EmailTakenError } from "./db-rows";
import { messages } from "./messages";
import { hashPassword, passwordProblem } from "./passwords";
import { type Checked, checkDoctor, checkEmail, checkLanguages, checkNewPerson, checkRoles } from "./person-input";
import { askPassword } from "./terminal-password";

/** Where the command writes, and how it asks for a password (tests give their own). */
export interface UserCommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Asks for a password without echo; undefined when there is no terminal to ask on. */
  askPassword(prompt: string): Promise<string | undefined>;
}

const processIo: UserCommandIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  askPassword: (prompt) => askPassword(prompt),
};

const usage = `Usage:
  npm run editor -- user add <email> --role <role> [--role <role>] [--lang <code>] [--doctor <slug>] [--name "<name>"] [--password <password>]
  npm run editor -- user roles <email> --role <role> [--role <role>] [--lang <code>] [--doctor <slug>]
  npm run editor -- user password <email> [--password <password>]
  npm run editor -- user remove <email>
  npm run editor -- user list
Roles: editor, translator (with --lang for each language), reviewer, clinical-reviewer (with --doctor: their slug in doctors.json), publisher, admin.`;

class Refusal extends Error {}

const describe = (p: PersonRecord) =>
  `${p.email}  ${p.name}  ${p.roles.join(", ")}${p.languages.length ? ` (${p.languages.join(", ")})` : ""}${p.doctor ? ` (doctor ${p.doctor})` : ""}  ${p.passwordHash ? "password" : "identity provider only"}`;

async function newPassword(given: string | undefined, io: UserCommandIo, email: string): Promise<string | undefined> {
  let password = given;
  if (password === undefined) {
    password = await io.askPassword(`Password for ${email}: `);
    if (password === undefined) return undefined;
    const again = await io.askPassword("The same password again: ");
    if (again !== password) throw new Refusal("The two passwords differ; nothing was changed. Run the command again.");
  }
  const problem = passwordProblem(password);
  if (problem) throw new Refusal(problem);
  return hashPassword(password);
}

async function person(db: EditorDb, email: string): Promise<PersonRecord> {
  const found = await db.people.byEmail(email);
  if (!found) throw new Refusal(`There is nobody with the email ${email} in the editor; 'user list' shows who is.`);
  return found;
}

function value<T>(checked: Checked<T>): T {
  if ("problem" in checked) throw new Refusal(checked.problem);
  return checked.value;
}

/**
 * Runs a `user` command; returns the exit code (0 done, 1 refused, 2 not understood).
 * @param argv the words after `npm run editor --` (a leading "user" is optional).
 */
export async function runUserCommand(
  argv: string[],
  env: Record<string, string | undefined>,
  io: UserCommandIo = processIo,
): Promise<number> {
  const words = argv[0] === "user" ? argv.slice(1) : argv;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(words);
  } catch (error) {
    io.err(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { command, email: emailArg, options } = parsed;
  const db = await openEditorDb(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { file: env.EDITOR_DB || "editor.db" },
  );
  const actor = `command line (${userInfo().username})`;
  const audit = (action: string, detail: Record<string, unknown>) =>
    db.audit.append({ at: Date.now(), actor, action, detail, address: null });
  try {
    if (command === "list") {
      const people = await db.people.list();
      if (!people.length) io.out("Nobody is in the editor yet. Add an administrator: user add <email> --role admin");
      for (const p of people) io.out(describe(p));
      return 0;
    }
    const email = value(checkEmail(emailArg));
    if (command === "add") {
      const { roles, languages, doctor, name } = value(
        checkNewPerson({
          email,
          name: options.name ?? email.split("@")[0],
          roles: options.role,
          languages: options.lang,
          doctor: options.doctor,
        }),
      );
      const passwordHash = (await newPassword(options.password, io, email)) ?? null;
      const added = await db.people.add({ email, name, roles, languages, doctor, passwordHash });
      await audit("person-added", { email, roles, languages, ...(doctor ? { doctor } : {}) });
      io.out(`Added ${describe(added)}.`);
      if (!passwordHash)
        io.out(
          `${email} has no password, so they can sign in only through the identity provider. Give one with: user password ${email}`,
        );
      return 0;
    }
    const found = await person(db, email);
    if (command === "roles") {
      const roles = value(checkRoles(options.role));
      const languages = value(checkLanguages(options.lang, roles));
      const doctor = value(
        checkDoctor(options.doctor ?? (roles.includes("clinical-reviewer") ? found.doctor : undefined), roles),
      );
      const admins = (await db.people.list()).filter((p) => p.roles.includes("admin")).length;
      if (found.roles.includes("admin") && !roles.includes("admin") && admins <= 1)
        throw new Refusal(messages.lastAdmin);
      const after = (await db.people.update(found.id, { roles, languages, doctor })) as PersonRecord;
      await audit("roles-changed", {
        email,
        before: { roles: found.roles, languages: found.languages, doctor: found.doctor },
        after: { roles: after.roles, languages: after.languages, doctor: after.doctor },
      });
      io.out(`Changed ${describe(after)}.`);
      return 0;
    }
    if (command === "password") {
      const hash = await newPassword(options.password, io, email);
      if (!hash) throw new Refusal("There is no terminal to ask for the password on: give it with --password.");
      await db.people.setPassword(found.id, hash);
      await db.attempts.clear(`account:${email}`);
      await db.sessions.removeForPerson(found.id);
      await audit("password-set", { email });
      io.out(`Set a new password for ${email}; their sessions were ended and any lock lifted.`);
      return 0;
    }
    // remove
    if (found.roles.includes("admin") && (await db.people.list()).filter((p) => p.roles.includes("admin")).length <= 1)
      throw new Refusal(messages.lastAdmin);
    await db.people.remove(found.id);
    await audit("person-removed", { email });
    io.out(`Removed ${email}; their sessions ended.`);
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof EmailTakenError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

function parse(words: string[]) {
  const { values, positionals } = parseArgs({
    args: words,
    allowPositionals: true,
    options: {
      role: { type: "string", multiple: true },
      lang: { type: "string", multiple: true },
      doctor: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
    },
  });
  const [command, email, ...rest] = positionals;
  const commands = ["add", "roles", "password", "remove", "list"];
  if (!command || !commands.includes(command)) throw new Error(`Unknown user command '${command ?? ""}'.`);
  if (command !== "list" && !email) throw new Error(`'user ${command}' needs the person's email.`);
  if (rest.length) throw new Error(`Unexpected '${rest.join(" ")}'.`);
  return { command, email, options: values };
}
