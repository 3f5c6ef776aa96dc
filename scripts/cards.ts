/** `npm run cards`: draws the link preview cards dist/ names and lacks, for a host without a relay (src/build/social/draw-cards.ts). */
import { main } from "../src/build/social/draw-cards";

await main(process.argv.slice(2));
