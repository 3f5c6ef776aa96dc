/**
 * `npm run build [-- --force]`: validate, build, prerender and compress into dist/ (src/build/build.ts; its command line: build-cli.ts).
 * An incremental build starts this script again as a worker thread, which checks the config
 * (src/build/check-config.ts) while the build lists its pages.
 */
// React's production build renders the pages. The server bundle leaves React to Node, which picks
// its build by NODE_ENV: vite's client build used to set it as a side effect, so a build with no
// code change (no vite build) rendered its pages with React's development build, several times slower.
process.env.NODE_ENV ??= "production";
const { main, serveConfigCheck } = await import("../src/build/build-cli");

if (!serveConfigCheck()) await main(process.argv.slice(2), new URL(import.meta.url));

export {};
