// The checks' worker thread (check-thread.ts): TypeScript through tsx, as the editor itself runs.
import { register } from "tsx/esm/api";

register();
await import("./check-worker.ts");
