/** Health checkup packages, for the blocks that show them. */
import type { HealthPackage, HealthPackages } from "../../shared/generated/packages";

// A glob, as in site-config.ts: the type check reads no config.
const files = import.meta.glob("../../../site-config/packages.json", { eager: true, import: "default" });

export const healthPackages: HealthPackage[] = (files["../../../site-config/packages.json"] as HealthPackages).packages;
