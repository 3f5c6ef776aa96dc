/**
 * `npm run editor`: the hosted editor for the content team (sign-in, change sets, review,
 * publish), on its own clone of the site's repository. Settings come from the environment
 * (docs/editor.md, "Hosting the editor"); with none, it runs on http://127.0.0.1:5190 with a
 * local bare repository made from this checkout and local accounts in ./editor-data/editor.db.
 *
 *   npm run editor [-- --port N]
 *   npm run editor -- user add <email> --role editor [--role translator --lang te] [--password P]
 *   npm run editor -- user list | user remove <email> | user roles <email> --role ...
 *
 * `npm run edit` is the developer's editor on their own working tree, with no sign-in.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { authSettingsFromEnv, openEditorDb, runUserCommand } from "../src/editor/server/auth";
import { startHostedEditor } from "../src/editor/server/hosted/server";
import { hostedSettings, SettingsError } from "../src/editor/server/hosted/settings";

const argv = process.argv.slice(2);

function fail(message: string): never {
  process.stderr.write(`editor: ${message}\n`);
  process.exit(2);
}

if (argv[0] === "user") {
  const env = { ...process.env, EDITOR_DB: process.env.EDITOR_DB ?? path.resolve(process.env.EDITOR_DATA_DIR || "editor-data", "editor.db") };
  process.exit(await runUserCommand(argv.slice(1), env));
}

let settings: ReturnType<typeof hostedSettings>;
try {
  settings = hostedSettings(process.env, argv);
} catch (error) {
  if (error instanceof SettingsError) fail(error.message);
  throw error;
}
const env = { ...process.env, EDITOR_DB: process.env.EDITOR_DB ?? path.join(settings.dataDir, "editor.db") };
let fromEnv: ReturnType<typeof authSettingsFromEnv>;
try {
  fromEnv = authSettingsFromEnv(env, { publicOrigin: settings.publicOrigin });
} catch (error) {
  fail((error as Error).message);
}
await mkdir(settings.dataDir, { recursive: true });
const db = await openEditorDb(fromEnv.database);
const auth = { ...fromEnv, db };
process.stdout.write(`Starting the editor (its clone of the site in ${settings.dataDir})…\n`);
const editor = await startHostedEditor({ settings, auth }).catch((error: NodeJS.ErrnoException) => {
  const reason =
    error.code === "EADDRINUSE" ? `port ${settings.port} is in use (try: npm run editor -- --port ${settings.port + 1})` : error.message;
  return fail(`could not start the editor: ${reason}`);
});
const people = await auth.db.people.list();
process.stdout.write(
  `Content editor: ${settings.publicOrigin}/editor/\nThe site's repository: ${editor.workspace.remote}\n` +
    (people.length === 0
      ? "Nobody can sign in yet: add the first administrator with\n  npm run editor -- user add you@hospital.example --role admin\n"
      : "") +
    "Stop with Ctrl+C.\n",
);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    editor.close().finally(() => process.exit(0));
  });
}
