import { describe, expect, it } from "vitest";
import type { Doctors } from "../../src/shared/generated/doctors";
import { slugify } from "../../src/shared/slug";
import { blogPosts, healthPackages } from "../../src/site/config/content";
import { branches, specialities } from "../../src/site/config/site-config";
import { readConfig } from "../helpers/site-collections";

const doctors = readConfig<Doctors>("doctors.json").doctors;

describe("doctors config", () => {
  it("gives every doctor a unique slug made from the name", () => {
    for (const d of doctors) expect(d.slug).toBe(slugify(d.name));
    expect(new Set(doctors.map((d) => d.slug)).size).toBe(doctors.length);
  });

  it("places doctors only at branches that offer their speciality", () => {
    for (const d of doctors) {
      expect(specialities.map((s) => s.slug)).toContain(d.speciality);
      for (const slug of d.branches) {
        const branch = branches.find((b) => b.slug === slug);
        expect(branch, `${d.name}: branch ${slug}`).toBeDefined();
        expect(branch?.specialities, `${d.name} at ${slug}`).toContain(d.speciality);
      }
    }
  });

  it("keeps sample profiles obviously fictional, so no real doctor is misrepresented", () => {
    for (const d of doctors.filter((doctor) => doctor.sample)) {
      expect(d.name).toMatch(/\b(Example|Placeholder|Sample|Demo)$/);
    }
  });
});

describe("blog posts and packages config", () => {
  it("has unique post slugs and lists posts newest first", () => {
    expect(new Set(blogPosts.map((p) => p.slug)).size).toBe(blogPosts.length);
    const dates = blogPosts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("has unique package slugs and whole-rupee prices", () => {
    expect(new Set(healthPackages.map((p) => p.slug)).size).toBe(healthPackages.length);
    for (const p of healthPackages) expect(Number.isInteger(p.priceInr)).toBe(true);
  });
});
