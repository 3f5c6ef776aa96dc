/** `npm run translations -- stamp [file ...]`: record the English each translation was made from (src/build/translation-stamp.ts). */
import { main } from "../src/build/translation-stamp";

process.exitCode = main(process.argv.slice(2));
