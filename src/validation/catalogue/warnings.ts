/** Warnings: valid, but worth a look before publishing. */

import { entry } from "./entry";

export const LongMetaTitle = entry({
  name: "LongMetaTitle",
  title: "A browser title is longer than search engines show.",
  severity: "warning",
  message: (length: number) =>
    `The browser title is ${length} characters long; search results show about 60, so the rest may be cut off.`,
  hint: "Keep titles to 60 characters or fewer.",
});

export const LongMetaDescription = entry({
  name: "LongMetaDescription",
  title: "A meta description is longer than search engines show.",
  severity: "warning",
  message: (length: number) =>
    `The meta description is ${length} characters long; search results show about 160, so the rest may be cut off.`,
  hint: "Keep meta descriptions to 160 characters or fewer.",
});
