import { describe, expect, it } from "vitest";
import {
  asciiDigits,
  fieldError,
  nationalNumber,
  normaliseValues,
  submitCheckError,
} from "../../src/shared/leads/rules";
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

  it("keeps the ten digits of a mobile number written with +91, 0, spaces or dashes, in any script", () => {
    for (const typed of [
      "+91 98480 12345",
      "+91-98480-12345",
      "0091 9848012345",
      "919848012345",
      "098480 12345",
      "+91 (0) 98480-12345",
      "98480\u00a012345",
      "+౯౧ ౯౮౪౮౦ ౧౨౩౪౫",
      "०९८४८०-१२३४५",
    ]) {
      expect(nationalNumber(typed)).toBe("9848012345");
      expect(fieldError(mobile, typed)).toBeUndefined();
      expect(submitCheckError(forms.appointment, { name: "Asha", mobile: typed, email: "" })).toBeUndefined();
      expect(normaliseValues(forms.appointment, { mobile: typed }).mobile).toBe("9848012345");
    }
    // A ten-digit number that starts with 91 is a number, not a country code.
    expect(nationalNumber("9100012345")).toBe("9100012345");
    expect(fieldError(mobile, "+91 98480 1234")).toBe("Please enter a valid 10-digit mobile number");
  });
});
