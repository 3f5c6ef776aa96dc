/**
 * `npm run bench:changes [-- <treatments> <runs>] [--build]`: the hosted editor's git operations at
 * 10,000 treatments (tests/bench/editor-changes.ts); with --build, also publishing one treatment
 * with the project's real publish check and build.
 */
import { changesBench } from "../tests/bench/editor-changes";

const args = process.argv.slice(2);
const [count = "10000", runs = "5"] = args.filter((a) => !a.startsWith("--"));
await changesBench(Number(count), Number(runs), args.includes("--build"));
