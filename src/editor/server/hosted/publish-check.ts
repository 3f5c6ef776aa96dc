/**
 * The publish check: the validator over a checkout as it would go live, as `npm run build` runs
 * it (`validate --publish` once site.json's "production" is true). Its errors come back in the
 * validator's own words, so the person sees why publishing was refused.
 */
import path from "node:path";
import { formatHuman, validateSite } from "../../../validation";

/** undefined when `root` may be published; otherwise the validator's report, in words. */
export function publishRefusal(root: string): string | undefined {
  const report = validateSite({
    siteRoot: path.join(root, "site-config"),
    schemasDir: path.join(root, "schemas"),
    publicDir: path.join(root, "public"),
    shownFrom: root,
    publish: "if-production",
  });
  const errors = report.problems.filter((p) => p.severity === "error");
  if (errors.length === 0) return undefined;
  return `Not published: the publish check found ${errors.length === 1 ? "1 problem" : `${errors.length} problems`}.\n${formatHuman(report)}`;
}
