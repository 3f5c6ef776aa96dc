/**
 * `npm run bench:leads`: the outbox reliability run (tests/bench/leads.ts); `-- --instances 3` (or
 * `1,3`) for relays sharing a PostgreSQL outbox, `--leads N`, `--outage-ms N`.
 */
import { main } from "../tests/bench/leads";

process.exitCode = await main(process.argv.slice(2));
