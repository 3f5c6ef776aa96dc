/** `npm run build [-- --force]`: validate, build, prerender and compress into dist/ (src/build/build.ts). */
import { main } from "../src/build/build";

await main(process.argv.slice(2));
