/** What the patterns and formats used in schemas/ ask for, in words. */

/** What each pattern used in schemas/ asks for, in words, keyed by the pattern itself. */
export const patternWords: Record<string, string> = {
  "^[a-z0-9]+(-[a-z0-9]+)*$": "lower-case letters, digits and single hyphens, such as 'total-knee-replacement'",
  "^/[a-z0-9\\-/#?=&]*$":
    "a route of this site: '/' then lower-case letters, digits and hyphens, such as '/contact-us'",
  '^(https://|tel:|mailto:)[^\\s<>"]+$': "a full address starting with 'https://', 'tel:' or 'mailto:', with no spaces",
  "^/[A-Za-z0-9_\\-./]+\\.(svg|png|jpe?g|webp|avif)$":
    "an image path under public/ ending in .svg, .png, .jpg, .jpeg, .webp or .avif, such as '/images/logo.svg'",
  "^[a-z0-9-]+$": "lower-case letters, digits and hyphens, such as 'book-an-appointment'",
  "^[a-z0-9]+$": "one word of lower-case letters and digits, such as 'knee'",
  "^[a-zA-Z][a-zA-Z0-9]*$": "a name of letters and digits starting with a letter, such as 'fullName'",
  "^\\+[0-9]{8,15}$": "a number in international form with no spaces, such as '+914000000000'",
  "^[0-9]{8,15}$": "digits only, with the country code, such as '914000000000'",
  "^https://[a-z0-9.-]+(:[0-9]+)?$":
    "an https:// address with no path and no '/' at the end, such as 'https://www.example.in'",
  "^/[a-z0-9-]+$": "a path of one part, such as '/api'",
  "^/": "a path starting with '/'",
  "\\.(png|jpe?g)$": "a PNG or JPEG picture (ending in .png, .jpg or .jpeg): link previews do not show SVG or WebP",
  "^https://": "an address starting with 'https://'",
  "^(/[a-z0-9-]+)+/:slug$": "a route ending in '/:slug', such as '/specialities/cardiology/:slug'",
  "^/([a-z0-9-]+(/[a-z0-9-]+)*(/:slug)?)?$":
    "a route: '/' then lower-case letters, digits and hyphens, optionally ending in '/:slug', such as '/contact-us'",
  "^[a-z0-9-]+-sub-departments\\.json$":
    "a file name ending in '-sub-departments.json', such as 'cardiology-sub-departments.json'",
};

/** What each format used in schemas/ asks for, in words. */
export const formatWords: Record<string, string> = {
  email: "an e-mail address, such as 'care@example.in'",
  regex: "a valid regular expression",
  date: "a date written YYYY-MM-DD",
  uri: "a full address, such as 'https://www.example.in/'",
};
