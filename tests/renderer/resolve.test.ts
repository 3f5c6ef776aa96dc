import { describe, expect, it } from "vitest";
import { requestedSlug, resolveSubDepartment } from "../../src/site/collections/resolve";
import { presentations } from "../../src/site/config/presentations";
import { orthopedics as data } from "../helpers/site-collections";

const orthopedics = presentations.orthopedics;
const items = data.sub_departments;
const find = (slug: string) => resolveSubDepartment(slug, items, orthopedics)?.slug;

describe("treatment slug lookup (orthopedics)", () => {
  it("finds an exact slug", () => {
    expect(find("total-knee-replacement")).toBe("total-knee-replacement");
  });
  it("maps golfer's-elbow variants to the golfer's elbow page", () => {
    for (const variant of [
      "golfers-elbow",
      "golfer's-elbow",
      "golfer%27s-elbow",
      "golfers-elbow-treatment-in-hyderabad",
    ]) {
      expect(find(variant)).toBe("treatment-for-golfers-elbow");
    }
  });
  it("maps knee-replacement variants to total-knee-replacement", () => {
    for (const variant of [
      "knee-replacement",
      "knee-replacement-surgery-in-hyderabad",
      "best-knee-replacement-hospital",
    ]) {
      expect(find(variant)).toBe("total-knee-replacement");
    }
  });
  it("falls back to a fuzzy match on the name", () => {
    expect(find("hip-replacement")).toBe("best-hospital-for-hip-replacement-in-hyderabad");
    expect(find("arthroscopy")).toBe("arthroscopy-surgeon-in-hyderabad");
  });
  it("finds nothing for an unrelated slug", () => {
    expect(find("cataract-surgery")).toBeUndefined();
  });
  it("does no fuzzy matching when the presentation turns it off", () => {
    expect(resolveSubDepartment("hip-replacement", items, { slugAliases: [], fuzzyMatch: false })).toBeUndefined();
  });
  it("reads the slug from the route, else from the third URL segment", () => {
    expect(requestedSlug("a", "/specialities/orthopedics/b", 3)).toBe("a");
    expect(requestedSlug(undefined, "/specialities/orthopedics/b", 3)).toBe("b");
    expect(requestedSlug(undefined, "/specialities/orthopedics/b")).toBeUndefined();
  });
});
