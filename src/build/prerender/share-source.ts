import type { CardSpec, ShareSource } from "../../shared/social/card-spec";
import { defaultLanguage, type Entry, formatMessage, layoutConfig, prerenderWordsIn, site } from "../../site";

/** A card with the site's brand, or the page's own image when its config names one. */
export async function shareOf(
  own: ShareSource | undefined,
  title: string,
  kicker: string | undefined,
  lang: string,
): Promise<ShareSource> {
  if (own) return own;
  const card: CardSpec = {
    title,
    kicker,
    brand: lang === defaultLanguage ? site.name : (await layoutConfig(lang)).site.name,
    logo: site.logo.src,
    host: new URL(site.canonicalBase).host,
  };
  return { card };
}

/** What kind of page an entry's page is, above its title on the card, in `lang` (interface words' `cards`). */
export async function entryKicker(entry: Entry, lang: string): Promise<string> {
  const words = (await prerenderWordsIn(lang)).cards;
  if (entry.kind === "specialities") return words.specialityPage;
  if (entry.kind === "posts") return words.healthBlog;
  const city = "city" in entry.entry && typeof entry.entry.city === "string" ? entry.entry.city : undefined;
  return city ? formatMessage(words.hospitalIn, { city }, lang) : words.hospital;
}
