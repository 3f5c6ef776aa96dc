/** Display formats shared by the site's blocks (dates, prices, initials). */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormatIn = (lang: string) => {
  let format = dateFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(`${lang}-IN`, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    dateFormats.set(lang, format);
  }
  return format;
};
// Made on first use, not when the app's code is evaluated: that evaluation is one task on a phone,
// and a currency format cost it a few milliseconds on pages that show no price.
let inrFormat: Intl.NumberFormat | undefined;

/**
 * "2025-09-29" -> "29 September 2025" (in Telugu "29 సెప్టెంబర్ 2025", in Hindi "29 सितंबर 2025"),
 * the same in every time zone.
 */
export function formatDate(isoDate: string, lang = "en"): string {
  const key = `${lang} ${isoDate}`;
  let text = formattedDates.get(key);
  if (text === undefined) {
    text = dateFormatIn(lang).format(new Date(`${isoDate}T00:00:00Z`));
    // Bounded: a page shows a handful of dates, a long-lived tab never holds more than these.
    if (formattedDates.size >= 1000) formattedDates.clear();
    formattedDates.set(key, text);
  }
  return text;
}

/**
 * Dates formatted so far, by language and date: prerendering 10,000 treatment pages formats the
 * same few review dates on each (ICU formatting was 1% of a full build's page work).
 */
const formattedDates = new Map<string, string>();

/** 4999 -> "₹4,999" (Indian digit grouping: 150000 -> "₹1,50,000"). */
export function formatInr(rupees: number): string {
  inrFormat ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
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
