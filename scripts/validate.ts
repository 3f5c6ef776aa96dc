/** `npm run validate`: checks site-config/ against schemas/ (src/validation/cli.ts); run through validate.mjs. */
import { main } from "../src/validation/cli";

process.exitCode = main(process.argv.slice(2));
