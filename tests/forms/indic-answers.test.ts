import { describe, expect, it } from "vitest";
import { asciiDigits, fieldError, normaliseValues } from "../../src/shared/leads/rules";
import { forms } from "../../src/site/config/forms";

const [name, mobile] = forms.appointment.fields;

describe("answers in Telugu and Devanagari", () => {
  it("accepts Telugu and Hindi names, vowel signs and viramas counting as the letters typed", () => {
    for (const person of ["రవి", "శ్రీనివాస్ రెడ్డి", "राम", "सीता देवी", "లక్ష్మి"])
      expect(fieldError(name, person)).toBeUndefined();
    expect(fieldError(name, "ర")).toBe("Name must be at least 2 characters");
  });

  it("reads a mobile number typed in Telugu or Devanagari digits as the same number", () => {
    expect(asciiDigits("౯౮౭౬౫౪౩౨౧౦")).toBe("9876543210");
    expect(asciiDigits("९८७६५४३२१०")).toBe("9876543210");
    expect(fieldError(mobile, "౯౮౭౬౫౪౩౨౧౦")).toBeUndefined();
    expect(fieldError(mobile, "౯౮౭")).toBe("Please enter a valid 10-digit mobile number");
    expect(normaliseValues(forms.appointment, { name: "రవి", mobile: "९८७६५४३२१०" }).mobile).toBe("9876543210");
  });
});
