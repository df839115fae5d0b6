/**
 * Times named by the city where they happen (issue 38): "21:40, New Delhi time", on the wall clock of the
 * airport's own zone. A family reads a city at a glance where a zone name ("Asia/Kolkata") or an
 * abbreviation ("EST") means little, and a city says at once that an arrival time is the destination's
 * clock. The city is the airport list's (`/data/airports.csv`, OurAirports' municipality); the zone comes
 * from the server, which knows every airport's (a view's `origin_timezone`).
 */
import { INTL_LOCALE, type Airport, type Locale } from '@safarsaathi/contracts';
import { useCallback } from 'react';
import { useAirports } from '../airports/loadAirports';
import { defineCatalogue } from './catalogue';
import { dateTimeFormat } from './format';
import { activeLocale, fillPlaceholders, registerCatalogue } from './i18n';
import { useCatalogue } from './useCatalogue';

/**
 * One short text per language, so the translations sit here rather than in a chunk each (a chunk would
 * weigh more than its text).
 */
export const placesCatalogue = defineCatalogue(
  'places',
  { cityTime: '{{time}}, {{city}} time' },
  {
    hi: async () => ({ default: { cityTime: '{{time}}, {{city}} का समय' } }),
    gu: async () => ({ default: { cityTime: '{{time}}, {{city}} સમય' } }),
    pa: async () => ({ default: { cityTime: '{{time}}, {{city}} ਦਾ ਸਮਾਂ' } }),
    ta: async () => ({ default: { cityTime: '{{time}}, {{city}} நேரம்' } }),
    te: async () => ({ default: { cityTime: '{{time}}, {{city}} సమయం' } }),
    bn: async () => ({ default: { cityTime: '{{time}}, {{city}} সময়' } }),
    mr: async () => ({ default: { cityTime: '{{time}}, {{city}} येथील वेळ' } }),
    ml: async () => ({ default: { cityTime: '{{time}}, {{city}} സമയം' } }),
  },
);
registerCatalogue(placesCatalogue);

/** Where a time happens: the airport's zone (null when unknown) and the city that names it. */
export interface CityClock {
  zone: string | null;
  city: string;
}

const cities = new WeakMap<readonly Airport[], Map<string, string>>();

/** The airport's city as the list names it; its code while the list is loading or when it names none. */
export function airportCity(airports: readonly Airport[] | null, code: string): string {
  if (!airports) return code;
  let byCode = cities.get(airports);
  if (!byCode) {
    byCode = new Map(airports.filter((a) => a.city).map((a) => [a.iataCode, a.city]));
    cities.set(airports, byCode);
  }
  return byCode.get(code.toUpperCase()) ?? code;
}

/**
 * `iso` on the wall clock of `clock.zone`, 24-hour (as boarding passes and airport screens write it), named
 * by the city through `template` ("{{time}}, {{city}} time"); with the day first when `withDate`. Without a
 * zone (an airport the data lacks, or one this browser does not know) it is the reader's own clock with
 * its short name ("21:40 GMT+5:30"), never a time that does not say whose it is.
 */
export function formatCityTime(
  iso: string,
  clock: CityClock,
  locale: Locale,
  template: string,
  { withDate = false }: { withDate?: boolean } = {},
): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const options: Intl.DateTimeFormatOptions = {
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    ...(withDate ? { day: 'numeric', month: 'short' } : {}),
  };
  if (clock.zone) {
    try {
      const time = dateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: clock.zone }).format(ms);
      return fillPlaceholders(template, { time, city: clock.city });
    } catch {
      // A zone this browser does not know: the reader's own clock, named below.
    }
  }
  return dateTimeFormat(INTL_LOCALE[locale], { ...options, timeZoneName: 'short' }).format(ms);
}

/** Formats an instant at an airport (its code and zone) in the page's language: see formatCityTime. */
export type CityTimeFormatter = (
  iso: string,
  place: { airport: string; zone: string | null },
  options?: { withDate?: boolean },
) => string;

/**
 * formatCityTime for a component, with the airport list (loaded once per page) for the cities and the
 * page's language; renders again when either arrives or changes.
 */
export function useCityTime(): CityTimeFormatter {
  // Renders again when the language changes (useCatalogue follows it).
  const words = useCatalogue(placesCatalogue);
  const locale = activeLocale();
  const airports = useAirports();
  return useCallback(
    (iso, place, options) =>
      formatCityTime(
        iso,
        { zone: place.zone, city: airportCity(airports, place.airport) },
        locale,
        words.cityTime,
        options,
      ),
    [airports, locale, words.cityTime],
  );
}
