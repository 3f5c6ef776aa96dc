/** JSON pointers as problems name their places (src/validation/problem.ts). */
import { describe, expect, it } from "vitest";
import { childPointer, pointerSegments } from "../../src/validation/problem";

describe("JSON pointers", () => {
  it("escapes '~' and '/' in a segment, and only those", () => {
    expect(childPointer("/sub_departments", 3)).toBe("/sub_departments/3");
    expect(childPointer("", "content")).toBe("/content");
    expect(childPointer("/a", "b/c~d")).toBe("/a/b~1c~0d");
    expect(childPointer("/a", "~/~1")).toBe("/a/~0~1~01");
  });

  it("reads back the segments it wrote", () => {
    const segments = ["links", "a/b", "~x", "7", "plain"];
    const pointer = segments.reduce((at, segment) => childPointer(at, segment), "");
    expect(pointerSegments(pointer)).toEqual(segments);
  });
});
