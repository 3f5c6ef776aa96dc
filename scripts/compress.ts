/** Build step: .br and .gz copies of the compressible files of dist/ (src/build/compress.ts). */
import { main } from "../src/build/compress";

main(process.argv.slice(2));
