// How scripts/bundled.mjs puts packages into an ES module bundle (`inline`): loading ajv, parse5
// and the like file by file from node_modules/ (100-odd CommonJS modules, each found, read,
// parsed for its exports and wrapped) took 0.19 s of CPU of each start of the build's code
// against 0.05 s as part of the bundle, and a one-change build starts that code twice (its config
// check's worker thread).

/** A bare import's package name ('ajv' of 'ajv/dist/2020.js', '@formatjs/x' of '@formatjs/x/y'). */
const packageOf = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * esbuild's options for the packages of a bundle: each an import of node_modules/ (none bundled)
 * but those of `inline` and what they import, which go into the bundle.
 */
export function packageOptions(inline) {
  if (inline.length === 0) return { packages: "external" };
  const wanted = new Set(inline);
  const plugin = {
    name: "inline-packages",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith("node:")) return { path: args.path, external: true };
        const fromPackage = args.importer.split(/[\\/]/).includes("node_modules");
        return fromPackage || wanted.has(packageOf(args.path)) ? undefined : { path: args.path, external: true };
      });
    },
  };
  return {
    plugins: [plugin],
    // A package's ES module build where it has one (jsonc-parser's CommonJS one requires its own
    // files by computed names, which a bundle cannot follow).
    mainFields: ["module", "main"],
    // CommonJS code in the bundle that requires a package left outside it.
    banner: {
      js: 'import { createRequire as bundleRequire } from "node:module";\nconst require = bundleRequire(import.meta.url);',
    },
  };
}
