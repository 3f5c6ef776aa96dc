/**
 * `npm run editor`'s work: `user ...` commands on the editor's people, or the hosted editor
 * started from the environment's settings, with what is wrong with them said in a sentence.
 */
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { authSettingsFromEnv, openEditorDb, runUserCommand } from "../auth";
import { startHostedEditor } from "./server";
import { hostedSettings } from "./settings";

type Out = (line: string) => void;

/** Runs the command; resolves with an exit code for `user` commands and failures, or undefined while the editor runs. */
export async function editorCommand(argv: string[], env: NodeJS.ProcessEnv, out: Out): Promise<number | undefined> {
  if (argv[0] === "user") {
    const dataDir = env.EDITOR_DATA_DIR || "editor-data";
    await mkdir(dataDir, { recursive: true });
    return runUserCommand(argv.slice(1), { ...env, EDITOR_DB: env.EDITOR_DB ?? path.resolve(dataDir, "editor.db") });
  }
  let settings: ReturnType<typeof hostedSettings>;
  let auth: ReturnType<typeof authSettingsFromEnv>;
  try {
    settings = hostedSettings(env, argv);
    auth = authSettingsFromEnv(
      { ...env, EDITOR_DB: env.EDITOR_DB ?? path.join(settings.dataDir, "editor.db") },
      { publicOrigin: settings.publicOrigin },
    );
  } catch (error) {
    out(`editor: ${(error as Error).message}`);
    return 2;
  }
  await mkdir(settings.dataDir, { recursive: true });
  const db = await openEditorDb(auth.database);
  out(`Starting the editor (its clone of the site in ${settings.dataDir})…`);
  const editor = await startHostedEditor({ settings, auth: { ...auth, db } }).catch((error: NodeJS.ErrnoException) => {
    const next = settings.port + 1;
    out(
      `editor: could not start the editor: ${error.code === "EADDRINUSE" ? `port ${settings.port} is in use (try: npm run editor -- --port ${next})` : error.message}`,
    );
    return undefined;
  });
  if (!editor) {
    await db.close();
    return 1;
  }
  out(`Content editor: ${settings.publicOrigin}/editor/`);
  out(`The site's repository: ${editor.workspace.remote}`);
  if ((await db.people.list()).length === 0)
    out(
      "Nobody can sign in yet: add the first administrator with\n  npm run editor -- user add you@hospital.example --role admin",
    );
  out("Stop with Ctrl+C.");
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.on(signal, () => {
      editor
        .close()
        .then(() => db.close())
        .finally(() => process.exit(0));
    });
  return undefined;
}
