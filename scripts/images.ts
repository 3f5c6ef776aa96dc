/** Build step: AVIF and WebP variants of the raster images of public/ (src/build/images.ts). */
import { main } from "../src/build/images";

await main();
