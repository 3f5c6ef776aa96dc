/**
 * `npm run bench -- --compression`: what each compression level costs and saves on the built
 * site's own files (src/build/compress.ts chose its levels from this table). CPU time per file,
 * median of five passes over up to 200 treatment pages and 200 treatment data files of dist/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { filesUnder } from "../../src/build/inputs";

const brotli = (quality: number) => (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
const gzip = (level: number) => (body: Buffer) => gzipSync(body, { level });

const codecs: [string, (body: Buffer) => Buffer][] = [
  ...[0, 1, 2, 3, 4, 5, 6].map((q): [string, (body: Buffer) => Buffer] => [`brotli ${q}`, brotli(q)]),
  ["brotli 11", brotli(11)],
  ["gzip 1", gzip(1)],
  ["gzip 6", gzip(6)],
  ["gzip 9", gzip(9)],
];

export function compressionTable(distDir: string) {
  const pagesDir = path.join(distDir, "specialities");
  const pages = filesUnder(pagesDir, "", (name) => name === "index.html")
    .slice(0, 200)
    .map((f) => readFileSync(path.join(pagesDir, f)));
  const dataDir = path.join(distDir, "assets/data");
  const data = readdirSync(dataDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(path.join(dataDir, d.name))
        .filter((n) => n.endsWith(".json") && !n.startsWith("_"))
        .map((n) => path.join(dataDir, d.name, n)),
    )
    .slice(0, 200)
    .map((f) => readFileSync(f));
  console.log("\nCompression (CPU ms per file, median of 5 passes; average compressed size)");
  for (const [kind, files] of [
    ["treatment pages", pages],
    ["treatment data", data],
  ] as const) {
    if (files.length === 0) continue;
    const raw = files.reduce((n, f) => n + f.length, 0) / files.length;
    console.log(`${kind} (${files.length}, ${(raw / 1024).toFixed(1)} KB each)`);
    for (const [name, codec] of codecs) {
      const passes = name === "brotli 11" ? 1 : 5;
      const times: number[] = [];
      let size = 0;
      for (let pass = 0; pass < passes; pass++) {
        const start = process.cpuUsage();
        size = 0;
        for (const file of files) size += codec(file).length;
        const used = process.cpuUsage(start);
        times.push((used.user + used.system) / 1000 / files.length);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(10)} ${times[Math.floor(times.length / 2)].toFixed(3).padStart(7)} ms  ${(size / files.length / 1024).toFixed(2).padStart(6)} KB`,
      );
    }
  }
}
