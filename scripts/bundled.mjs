// Runs a TypeScript command-line program as one pre-bundled ES module, so it starts in plain Node
// instead of compiling its modules through tsx on every run (`npm run validate`: ~0.2 s saved;
// `npm run build`: ~1 s, most of a one-treatment rebuild at 10,000 treatments). The bundle is made
// again with esbuild whenever a source it is made from is newer. Each checkout has bundles of its
// own (copies of the project share node_modules/ through a link, and their sources differ).
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { commonJsOptions, requiredWhenUsed } from "./bundle-cjs.mjs";
import { packageOptions } from "./bundle-inline.mjs";

const root = path.resolve(import.meta.dirname, "..");

function newest(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(target)) latest = Math.max(latest, newest(path.join(target, entry)));
  return latest;
}

/**
 * Bundles `entry` (a path under the project) unless its bundle is newer than every file of
 * `sources`, then runs it, with SITE_PROJECT_ROOT saying where the project is (the bundle lives
 * elsewhere, so `import.meta.dirname` no longer does). `format: "cjs"`: a CommonJS bundle, `lazy`
 * naming packages it requires on first use (bundle-cjs.mjs); `inline`: packages in the bundle (bundle-inline.mjs).
 */
export async function runBundled(entry, sources, { format = "esm", lazy = [], inline = [] } = {}) {
  const checkout = `${path.basename(root)}-${createHash("sha1").update(root).digest("hex").slice(0, 10)}`;
  const extension = format === "cjs" ? ".cjs" : ".mjs";
  const bundle = path.join(root, "node_modules/.cache/site-cli", checkout, path.basename(entry, ".ts") + extension);
  const built = existsSync(bundle) ? statSync(bundle).mtimeMs : 0;
  if ([entry, ...sources].some((s) => newest(path.join(root, s)) > built)) {
    const { build } = await import("esbuild");
    const result = await build({
      write: false,
      entryPoints: [path.join(root, entry)],
      outfile: bundle,
      bundle: true,
      platform: "node",
      target: "node20",
      ...packageOptions(inline),
      logLevel: "error",
      ...(format === "cjs" ? commonJsOptions : { format }),
    });
    const code = requiredWhenUsed(result.outputFiles[0].text, lazy);
    // Written aside and renamed, so parallel runs (the test suite) never read a half-written bundle.
    mkdirSync(path.dirname(bundle), { recursive: true });
    const temporary = `${bundle}.${process.pid}.tmp`;
    writeFileSync(temporary, code);
    renameSync(temporary, bundle);
  }
  process.env.SITE_PROJECT_ROOT = root;
  if (format === "cjs") createRequire(import.meta.url)(bundle);
  else await import(pathToFileURL(bundle).href);
}
