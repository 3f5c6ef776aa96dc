// Starts the editor's git commands from a small process of its own (git.ts): starting a process
// copies the starting process's page tables, tens of milliseconds for a server holding a site of
// 10,000 treatments (a gigabyte), and while the kernel copies them the server's threads wait on
// their own memory. From this process, a few tens of megabytes, a git command starts in a
// millisecond or two. Plain CommonJS: no TypeScript loader needed.
const { execFile } = require("node:child_process");

process.on("message", ({ id, cwd, args, env, input, binary }) => {
  const child = execFile(
    "git",
    args,
    { cwd, env, maxBuffer: 256 * 1024 * 1024, encoding: binary ? "buffer" : "utf8" },
    (error, stdout, stderr) => {
      const code = error ? error.code : 0;
      process.send({
        id,
        failed: Boolean(error),
        code: code === undefined ? -1 : code,
        stdout,
        stderr: binary ? stderr.toString("utf8") : stderr,
      });
    },
  );
  if (input !== undefined) child.stdin?.end(input);
});
// The editor stopped (or was killed): nothing is left to run for.
process.on("disconnect", () => process.exit(0));
