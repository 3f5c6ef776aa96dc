// Starts the editor's git commands from a worker thread (git.ts): starting a process copies the
// starting thread's view of memory, tens of milliseconds in a large server, and the server's
// requests must not wait for that. Plain CommonJS: no TypeScript loader needed.
const { execFile } = require("node:child_process");
const { parentPort } = require("node:worker_threads");

parentPort.on("message", ({ id, cwd, args, env, input }) => {
  const child = execFile(
    "git",
    args,
    { cwd, env, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
    (error, stdout, stderr) => {
      const code = error ? error.code : 0;
      parentPort.postMessage({ id, failed: Boolean(error), code: code === undefined ? -1 : code, stdout, stderr });
    },
  );
  if (input !== undefined) child.stdin?.end(input);
});
