/**
 * Masks for personal data in operator output (npm run leads): enough to recognise a lead on the
 * phone with the patient, not enough to be a leak when pasted into a ticket.
 */

/** "Asha Rao" -> "A*** R***". */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => `${w[0]}***`)
    .join(" ");
}

/** "9876543210" -> "******3210". */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? "*".repeat(phone.length) : `${"*".repeat(phone.length - 4)}${phone.slice(-4)}`;
}

/** "asha@example.com" -> "a***@example.com". */
export function maskEmail(email: string): string {
  const at = email.indexOf("@");
  if (at < 1) return email ? "***" : "";
  return `${email[0]}***${email.slice(at)}`;
}

/** Free text (a CRM's error message) with anything like a phone number or an e-mail address masked. */
export function maskText(text: string): string {
  return text.replace(/[^\s@"']+@[^\s@"']+\.[^\s@"']+/g, (e) => maskEmail(e)).replace(/\d{6,}/g, (d) => maskPhone(d));
}
