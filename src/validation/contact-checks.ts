/**
 * Whether people can dial the site's phone numbers and mail its e-mail addresses: a schema
 * pattern says a number is digits, not that it is a number anyone can call, nor that the number
 * shown is the one a tap dials; the e-mail format allows addresses at domains that can never
 * receive mail. A value the site declares as a placeholder is left to the placeholder check.
 */
import type { RefUse } from "./ajv";
import * as say from "./catalogue";
import { problem } from "./catalogue/entry";
import type { UnplacedProblem } from "./problem";

const digitsOf = (text: string) => text.replace(/\D/g, "");

/** Top-level domains reserved for examples and tests (RFC 2606, RFC 6761): no mail reaches them. */
const reservedDomains = /(^|\.)(example|test|invalid|localhost|local)$|(^|\.)example\.(com|net|org)$/i;

/** Why a number for dialling cannot be dialled, or undefined. */
function undiallable(number: string): string | undefined {
  const digits = digitsOf(number);
  if (/[a-z]/i.test(number)) return "has letters in it";
  if (digits.length < 8) return `has only ${digits.length} digits`;
  if (digits.length > 15) return `has ${digits.length} digits, more than any phone number has`;
  // India's numbers, the country of this site's first customer, are ten digits after +91.
  if (number.startsWith("+91") && digits.length !== 12)
    return `has ${digits.length - 2} digits after +91, where Indian numbers have 10`;
  return undefined;
}

/** Why an e-mail address cannot receive mail, or undefined. */
function unmailable(address: string): string | undefined {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "has no '@' between a name and a domain";
  const domain = address.slice(at + 1);
  if (!/\.[a-z]{2,}$/i.test(domain)) return `has no domain such as '.in' or '.com' after the '@'`;
  if (reservedDomains.test(domain)) return `is at '${domain}', a domain kept for examples that receives no mail`;
  return undefined;
}

/** The problem of one marked phone number, e-mail address or link, if it has one. */
export function contactProblem(ref: RefUse, isPlaceholder: (value: string) => boolean): UnplacedProblem | undefined {
  const { kind, value, pointer } = ref;
  if (isPlaceholder(value)) return undefined;
  if (kind === "tel") {
    const why = undiallable(value);
    return why ? problem(say.UndiallableNumber, pointer, value, why) : undefined;
  }
  if (kind === "phone") {
    const why = undiallable(value.replace(/^0+/, "+"));
    if (why && !ref.dialled) return problem(say.UndiallableNumber, pointer, value, why);
    if (ref.dialled && !isPlaceholder(ref.dialled) && !sameNumber(value, ref.dialled))
      return problem(say.NumbersDisagree, pointer, value, ref.dialled);
    return undefined;
  }
  if (kind === "email") {
    const why = unmailable(value);
    return why ? problem(say.UnmailableAddress, pointer, value, why) : undefined;
  }
  if (kind === "link" && value.startsWith("tel:")) {
    const number = decodeURIComponent(value.slice(4));
    const why = /[^0-9+\-().\s]/.test(number) ? "has characters a phone cannot dial" : undiallable(number);
    return why ? problem(say.UndiallableNumber, pointer, value, why) : undefined;
  }
  if (kind === "link" && value.startsWith("mailto:")) {
    const addresses = decodeURIComponent(value.slice(7).split("?")[0]).split(",");
    for (const address of addresses) {
      const why = address.trim() === "" ? "names no address" : unmailable(address.trim());
      if (why) return problem(say.UnmailableAddress, pointer, value, why);
    }
  }
  return undefined;
}

/**
 * Whether a number as shown and a number for dialling are one number: the same digits, or the
 * shown one written as within the country (a leading 0 instead of the country code).
 */
function sameNumber(shown: string, dialled: string): boolean {
  const a = digitsOf(shown);
  const b = digitsOf(dialled);
  if (a === b) return true;
  const national = a.replace(/^0+/, "");
  return national.length >= 7 && b.endsWith(national) && b.length - national.length <= 3;
}
