import { describe, expect, it } from "vitest";
import { slugify, unslugify } from "../../src/shared/slug";

describe("slug helper", () => {
  it("lower-cases and turns spaces into hyphens", () => {
    expect(slugify("Emergency Medicine")).toBe("emergency-medicine");
  });
  it("turns '&' into 'and' and collapses repeated hyphens", () => {
    expect(slugify("Obstetrics & Gynaecology")).toBe("obstetrics-and-gynaecology");
    expect(slugify("UDAI OMNI - Nampally")).toBe("udai-omni-nampally");
  });
  it("strips other characters", () => {
    expect(slugify("Golfer's Elbow (Medial)")).toBe("golfers-elbow-medial");
  });
  it("makes a leading 'Dr' into 'dr-' but leaves words that merely start with dr", () => {
    expect(slugify("Dr. Anil Kumar")).toBe("dr-anil-kumar");
    expect(slugify("Dr Anil")).toBe("dr-anil");
    expect(slugify("Drug Safety")).toBe("drug-safety");
  });
  it("makes display names from slugs", () => {
    expect(unslugify("dr-anil-kumar")).toBe("Dr Anil Kumar");
  });
});
