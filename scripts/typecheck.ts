/** `npm run typecheck`: tsc --noEmit, remembered so the next build need not repeat it (src/build/typecheck.ts). */
import path from "node:path";
import { InputScanner } from "../src/build/inputs";
import { typecheck } from "../src/build/typecheck";

const root = path.resolve(import.meta.dirname, "..");
const result = typecheck(root, new InputScanner(root, {}), true);
if (result.ran && !result.ok) {
  console.error(result.output);
  process.exitCode = 1;
}
