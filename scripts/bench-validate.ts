/** `npm run bench:validate`: our validator against ajv-cli at 1,000 and 10,000 documents (tests/bench/validate.ts). */
import { main } from "../tests/bench/validate";

main();
