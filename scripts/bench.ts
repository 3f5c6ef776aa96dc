/** `npm run bench`: the performance budgets, each printed as met or not (tests/bench/budgets.ts). */
import { main } from "../tests/bench/budgets";

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
