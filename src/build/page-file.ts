/**
 * A page's file in dist/, named alike by the jobs that write it (prerender/jobs.ts, in the server
 * bundle) and the clean-up that removes it (clean-up.ts, in the build's thread).
 */
import path from "node:path";

/** A page's path in dist/: '/' is index.html, '/home' is home/index.html. */
export const pageFile = (pagePath: string) => path.join(pagePath.replace(/^\//, ""), "index.html");
