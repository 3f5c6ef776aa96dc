/** `npm run bench:leads`: the outbox reliability run (tests/bench/leads.ts). */
import { main } from "../tests/bench/leads";

process.exitCode = await main();
