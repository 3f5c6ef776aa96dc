/**
 * Which precompressed copy of a file may be sent (issue 17): `x.br` or `x.gz` only while it is at
 * least as new as `x`. npm run build writes the copies after the files (src/build/compress.ts);
 * a file edited or replaced after that has a copy older than itself, and the copy's content is
 * no longer the file's. @fastify/static picks a copy by Accept-Encoding alone, so the relay
 * narrows what it sees of that header to the encodings whose copies are fresh: a stale copy is
 * never sent, the file itself is, whole, as it is on disk now.
 */
import { stat } from "node:fs/promises";
import path from "node:path";

/** The copies npm run build writes, by the encoding they hold. */
const copies = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

export type Encoding = (typeof copies)[number][0];

async function statOf(file: string) {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

/**
 * The file @fastify/static serves for a URL path: dist/<path>, or its index.html for a folder.
 * Undefined when there is none (or the path leaves dist/).
 */
export async function servedFile(distDir: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0")) return undefined;
  const root = path.resolve(distDir);
  let file = path.join(root, decoded);
  if (file !== root && !file.startsWith(`${root}${path.sep}`)) return undefined;
  let info = await statOf(file);
  if (info?.isDirectory()) {
    file = path.join(file, "index.html");
    info = await statOf(file);
  }
  return info?.isFile() ? file : undefined;
}

/**
 * The encodings whose copies of `file` are there and at least as new as the file (`fresh`), and
 * whether it has any copy at all, stale or not (`any`).
 */
export async function copiesOf(file: string): Promise<{ fresh: Encoding[]; any: boolean }> {
  const original = await statOf(file);
  if (!original?.isFile()) return { fresh: [], any: false };
  const found = await Promise.all(copies.map(async ([, ext]) => await statOf(file + ext)));
  const fresh = copies.flatMap(([encoding], i) => {
    const copy = found[i];
    return copy?.isFile() && copy.mtimeMs >= original.mtimeMs ? [encoding] : [];
  });
  return { fresh, any: found.some((copy) => copy?.isFile()) };
}

/**
 * The Accept-Encoding to serve by: the client's own entries for the fresh encodings (with their
 * weights), `*` only when gzip is fresh (@fastify/static reads `*` as gzip), else "identity".
 */
export function acceptedAmong(header: string | undefined, fresh: readonly Encoding[]): string {
  const kept = (header ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => {
      const name = part.split(";")[0].trim().toLowerCase();
      if (name === "*") return fresh.includes("gzip");
      return (fresh as readonly string[]).includes(name);
    });
  return kept.length > 0 ? kept.join(", ") : "identity";
}
