/**
 * A local date and "HH:MM" at an airport, as a ticket gives them (the arrival of issue 39), named by the
 * airport's city: "Jan 12, 06:15, Toronto time". Never a zone name ("America/Toronto"): with the airport's
 * zone the time goes through formatCityTime (web-kit), without one (an airport the data lacks, a zone this
 * browser does not know) it is the time as typed, still named by the city, for it is that city's clock.
 */
import type { Locale } from '@safarsaathi/contracts';
import { fillPlaceholders, formatCityTime, formatDate, zonedInputToIso } from '@safarsaathi/web-kit';

export function airportTimeText(
  date: string | null,
  time: string | null,
  clock: { zone: string | null; city: string },
  locale: Locale,
  template: string,
): string | null {
  if (!time) return date ? formatDate(date, locale) : null;
  if (date && clock.zone) {
    try {
      const iso = zonedInputToIso(`${date}T${time}`, clock.zone);
      if (iso) return formatCityTime(iso, clock, locale, template, { withDate: true });
    } catch {
      // A zone this browser does not know: the time as typed, named below.
    }
  }
  const when = date ? `${formatDate(date, locale)}, ${time}` : time;
  return fillPlaceholders(template, { time: when, city: clock.city });
}
