/**
 * `npm run validate`: checks site-config/ against schemas/ (src/validation/cli.ts); run through
 * validate.mjs. A large run starts this script again as worker threads, which check a share of
 * the files (src/validation/parallel.ts).
 */
import { main } from "../src/validation/cli";
import { serveChecks } from "../src/validation/parallel";

if (!serveChecks()) process.exitCode = main(process.argv.slice(2), { workerScript: new URL(import.meta.url) });
