/**
 * Health checkup packages, for the blocks that show them: without their search words, which no page
 * shows (the build's search index reads them from the file itself).
 */
import type { HealthPackage, HealthPackages } from "../../shared/generated/packages";

// A glob, as in site-config.ts: the type check reads no config.
const files = import.meta.glob<HealthPackages>("../../../site-config/packages.json", {
  eager: true,
  import: "default",
  query: "?omit=packages.searchTerms",
});

export const healthPackages: HealthPackage[] = files["../../../site-config/packages.json"].packages;
