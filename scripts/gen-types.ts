/** `npm run gen:types [-- --check]`: writes src/shared/generated/ from schemas/ (src/build/gen-types.ts). */
import { main } from "../src/build/gen-types";

await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
});
