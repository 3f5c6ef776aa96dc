/**
 * `npm run edit`: starts the content editor on http://127.0.0.1:5180/editor/ (development only;
 * it is never part of the public build).
 *
 * Usage: npm run edit -- [--port <number>]   (PORT works too)
 */
import { startEditorServer } from "../src/editor/server/server";

function portFromArgs(argv: string[]): number {
  const at = argv.findIndex((a) => a === "--port" || a.startsWith("--port="));
  const raw = at === -1 ? process.env.PORT : argv[at].includes("=") ? argv[at].split("=")[1] : argv[at + 1];
  if (raw === undefined) return 5180;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`edit: '${raw}' is not a port number (0-65535).\n`);
    process.exit(2);
  }
  return port;
}

const editor = await startEditorServer({ port: portFromArgs(process.argv.slice(2)) }).catch(
  (error: NodeJS.ErrnoException) => {
    const reason =
      error.code === "EADDRINUSE" ? "the port is in use (try: npm run edit -- --port 5181)" : (error.message ?? error);
    process.stderr.write(`edit: could not start the editor: ${reason}\n`);
    process.exit(1);
  },
);

process.stdout.write(
  `Content editor: ${editor.url}/editor/\nThe site, as saved: ${editor.url}/home\nStop with Ctrl+C.\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    editor.close().finally(() => process.exit(0));
  });
}
