/** `npm run bench:editor`: how long the editor takes to open each config file (tests/bench/editor-open.ts). */
import { main } from "../tests/bench/editor-open";

await main();
process.exit(0);
