// How scripts/bundled.mjs makes a CommonJS bundle (`format: "cjs"`), loaded with require: its
// packages (ajv and the rest, CommonJS themselves) are then required as they are, where an ES
// module bundle has Node's ES loader parse each package for its exports first (`npm run validate
// -- --help`: ~0.19 s of CPU instead of ~0.27, in the CLI and in each of its worker threads). An
// entry with a top-level await cannot be one.

/**
 * A package's exports, required when the bundle first uses them. The bundle reads an import as a
 * property of the package at each use (`import_parse5.Tokenizer`), or calls or constructs a
 * default import (`new import_ajv.default(options)`), so a stand-in that requires the package
 * then serves every use.
 */
const lazyRequire = `const lazyRequire = (name) => {
  let loaded;
  const load = () => (loaded ??= require(name));
  return new Proxy(function () {}, {
    get: (_, key) => load()[key],
    apply: (_, self, args) => Reflect.apply(load(), self, args),
    construct: (_, args) => Reflect.construct(load(), args),
  });
};`;

/** esbuild's options for a CommonJS bundle of ES module sources. */
export const commonJsOptions = {
  format: "cjs",
  // CommonJS has no import.meta: the bundle's own file stands in for it.
  define: { "import.meta.url": "__bundleUrl", "import.meta.dirname": "__dirname" },
  // "use strict" first: the sources are ES modules, strict code.
  banner: {
    js: `"use strict";\nconst __bundleUrl = require("node:url").pathToFileURL(__filename).href;\n${lazyRequire}`,
  },
};

/**
 * The bundle's code with the packages named in `lazy` required only when first used, not as it
 * loads: packages that some runs do not need (parse5 for HTML the quick check is unsure of, an ES
 * module, ~0.04 s to load; ajv's compiler where every validator is kept).
 */
export function requiredWhenUsed(code, lazy) {
  let made = code;
  for (const name of lazy)
    made = made.replaceAll(`require(${JSON.stringify(name)})`, `lazyRequire(${JSON.stringify(name)})`);
  return made;
}
