/** `npm run bench:changes [-- <treatments> <runs>]`: the hosted editor's git operations at 10,000 treatments (tests/bench/editor-changes.ts). */
import { changesBench } from "../tests/bench/editor-changes";

const [count = "10000", runs = "5"] = process.argv.slice(2);
await changesBench(Number(count), Number(runs));
