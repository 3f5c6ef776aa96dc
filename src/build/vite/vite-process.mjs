// The client build and the server bundle (vite), run by src/build/vite/vite-builds.ts in a process
// of their own, so the build validates the config while they run. Plain JavaScript: it runs in
// plain Node, from the CLI's bundle and from the tests alike. Its options come as one JSON
// argument: { client, server } (vite's inline config of each build). It tells its parent the
// client build's files and the CPU time it took, or what went wrong.
import { build } from "vite";

const { client, server } = JSON.parse(process.argv[2]);
try {
  // Built side by side: each vite build waits on its own JavaScript half the time, which the
  // other fills.
  const [built] = await Promise.all([build(client), build(server)]);
  const files = [];
  for (const output of Array.isArray(built) ? built : [built]) {
    if ("output" in output) for (const file of output.output) files.push(file.fileName);
  }
  // Its CPU time too: the build counts it in its own (process.cpuUsage() sees one process).
  process.send({ files, cpu: process.cpuUsage() });
} catch (error) {
  process.send({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
}
