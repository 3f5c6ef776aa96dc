/** `npm run bench:history [-- <commits> <runs>]`: the editor's history of a file with 1,000 commits (tests/bench/editor-history.ts). */
import { historyBench } from "../tests/bench/editor-history";

const [commits = "1000", runs = "5"] = process.argv.slice(2);
await historyBench(Number(commits), Number(runs));
