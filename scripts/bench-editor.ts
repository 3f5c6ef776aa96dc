/**
 * `npm run bench:editor`: how long the editor takes to open each config file (tests/bench/editor-open.ts);
 * `-- --collection`: also a 10,000-treatment collection's list and a keystroke's way to the preview
 * (tests/bench/editor-collection.ts); `-- --collection-only` that alone.
 */
import { collectionBench } from "../tests/bench/editor-collection";
import { main } from "../tests/bench/editor-open";

const args = process.argv.slice(2);
if (!args.includes("--collection-only")) await main();
if (args.includes("--collection") || args.includes("--collection-only")) await collectionBench();
process.exit(0);
