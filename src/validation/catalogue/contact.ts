/** Messages about phone numbers and e-mail addresses that cannot be dialled or mailed. */

import { quote } from "../words";
import { entry } from "./entry";

export const UndiallableNumber = entry({
  name: "UndiallableNumber",
  title: "A phone number cannot be dialled.",
  severity: "error",
  message: (found: string, why: string) => `Expected a phone number people can dial, but ${quote(found)} ${why}.`,
  hint: "Write numbers with the country code, such as '+91 40 1234 5678'; links that dial use the same digits with no spaces, such as 'tel:+914012345678'.",
});

export const NumbersDisagree = entry({
  name: "NumbersDisagree",
  title: "A number as shown and the number dialled differ.",
  severity: "error",
  message: (shown: string, dialled: string) =>
    `Expected the number as shown, ${quote(shown)}, to be the number a tap dials, ${quote(dialled)}, but their digits differ: people who type what they read would call another number. Make the two the same number.`,
});

export const UnmailableAddress = entry({
  name: "UnmailableAddress",
  title: "An e-mail address cannot receive mail.",
  severity: "error",
  message: (found: string, why: string) =>
    `Expected an e-mail address that can receive mail, but ${quote(found)} ${why}.`,
});
