/** `npm run leads`: lists and re-queues the leads of the outbox (src/relay/leads-cli.ts). */
import { main } from "../src/relay/leads-cli";

process.exitCode = await main(process.argv.slice(2));
