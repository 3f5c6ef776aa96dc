/** `npm run collection -- split|join <path>`: a collection as one file or a folder (src/build/collection-storage.ts). */
import { main } from "../src/build/collection-storage";

process.exitCode = main(process.argv.slice(2));
