/**
 * The hosted editor of the editor bench (editor-hosted.ts), in a process of its own: the bench's
 * ten simulated people (their requests, timers and JSON) then take none of the server's time, as
 * browsers on other computers would. Started with BENCH_EDITOR (JSON: the site copy, the data
 * folder, the editor database and the port); prints "ready" once it listens, stops on SIGTERM.
 */
import { openEditorDb } from "../../src/editor/server/auth";
import { startHostedEditor } from "../../src/editor/server/hosted/server";
import { hostedSettings } from "../../src/editor/server/hosted/settings";

const { root, dataDir, dbFile, port } = JSON.parse(process.env.BENCH_EDITOR ?? "{}") as {
  root: string;
  dataDir: string;
  dbFile: string;
  port: number;
};
const settings = hostedSettings({ PORT: String(port), EDITOR_DATA_DIR: dataDir });
const db = await openEditorDb({ file: dbFile });
const editor = await startHostedEditor({
  settings,
  auth: { db, publicOrigin: settings.publicOrigin },
  projectRoot: root,
});
console.log(`ready ${settings.publicOrigin}`);
process.once("SIGTERM", () => {
  editor
    .close()
    .then(() => db.close())
    .finally(() => process.exit(0));
});
