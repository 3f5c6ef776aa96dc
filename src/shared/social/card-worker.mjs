// A card-drawing thread (card-threads.ts): TypeScript through tsx, as the relay itself runs.
import { register } from "tsx/esm/api";

register();
await import("./card-worker.ts");
