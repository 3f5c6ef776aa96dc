// The config check's worker thread for tests that call runBuild with a workerScript
// (src/build/check-config.ts): the build's bundle serves it in `npm run build`; here, the
// TypeScript through tsx, as the editor's check thread runs.
import { register } from "tsx/esm/api";

register();
const { serveConfigCheck } = await import("../../src/build/check-config.ts");
serveConfigCheck();
