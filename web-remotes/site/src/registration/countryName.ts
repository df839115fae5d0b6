import { INTL_LOCALE, type Country, type Locale } from '@safarsaathi/contracts';

const displayNames = new Map<Locale, Intl.DisplayNames>();

/** A country's name in the reader's language (Intl's region names); the list's English name for English. */
export function countryName(country: Country, locale: Locale): string {
  if (locale === 'en') return country.name;
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([INTL_LOCALE[locale]], { type: 'region' });
    displayNames.set(locale, names);
  }
  return names.of(country.code) ?? country.name;
}
