/** Starts the site on PORT (default 3000), on 127.0.0.1 unless HOST says otherwise. */
import { defaultDistDir, startServer } from "./app";

const port = Number(process.env.PORT ?? 3000);
const running = await startServer({ port, host: process.env.HOST ?? "127.0.0.1", distDir: defaultDistDir });
console.log(`The site is running at ${running.url}/home`);
