/** Display formats shared by the site's blocks (dates, prices, initials). */

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const inrFormat = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });

/** "2025-09-29" -> "29 September 2025", the same in every time zone. */
export function formatDate(isoDate: string): string {
  return dateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

/** 4999 -> "₹4,999" (Indian digit grouping: 150000 -> "₹1,50,000"). */
export function formatInr(rupees: number): string {
  return inrFormat.format(rupees);
}

/** "Dr. Anjali Example" -> "AE": the initials of a name without its title, for avatars. */
export function initials(name: string): string {
  return name
    .replace(/^(dr|mr|mrs|ms|prof)\.?\s+/i, "")
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join("");
}
