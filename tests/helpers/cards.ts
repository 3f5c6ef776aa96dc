/** A treatment page's social card, as the build makes its spec (tests of drawing and serving cards). */
import type { CardSpec } from "../../src/shared/social/card-spec";

export const sampleCard: CardSpec = {
  title: "Heart Failure Treatment in Kukatpally",
  kicker: "Cardiology",
  brand: "Sample Multi-Specialty Hospitals",
  logo: "/images/logo.svg",
  host: "www.hospitals.example",
};
