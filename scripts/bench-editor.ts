/**
 * `npm run bench:editor`: how long the editor takes to open each config file (tests/bench/editor-open.ts);
 * `-- --collection`: also a 10,000-treatment collection's list and a keystroke's way to the preview
 * (tests/bench/editor-collection.ts); `-- --collection-only` that alone; `-- --hosted [treatments]` the hosted
 * editor's publish-to-served time and its API's p95 with 10 people (tests/bench/editor-hosted.ts).
 */
import { collectionBench } from "../tests/bench/editor-collection";
import { hostedBench } from "../tests/bench/editor-hosted";
import { main } from "../tests/bench/editor-open";

const args = process.argv.slice(2);
const hosted = args.indexOf("--hosted");
if (hosted >= 0) {
  await hostedBench(Number(args[hosted + 1]) || 10_000);
  process.exit(0);
}
if (!args.includes("--collection-only")) await main();
if (args.includes("--collection") || args.includes("--collection-only")) await collectionBench();
process.exit(0);
