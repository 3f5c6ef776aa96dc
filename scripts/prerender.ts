/** Build step: prerenders every route into dist/ (src/build/prerender/prerender.ts). */
import { main } from "../src/build/prerender/prerender";

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
