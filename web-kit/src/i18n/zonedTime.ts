/**
 * Times of the trip day in the origin airport's own zone (addendum §1.4): shown there, and typed there.
 * Everything goes through Intl with the IANA zone, so daylight saving and half-hour zones come from the
 * browser's time zone data, never from an offset typed by hand.
 */
import { INTL_LOCALE, type Locale } from '@safarsaathi/contracts';
import { dateTimeFormat } from './format';

const pad = (value: number) => String(value).padStart(2, '0');

const partsFormat = (zone: string) =>
  dateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** The wall clock in `zone` at the instant `utcMs`, read as if it were UTC (milliseconds). */
function wallClockAsUtc(utcMs: number, zone: string): number {
  const parts = Object.fromEntries(
    partsFormat(zone)
      .formatToParts(new Date(utcMs))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The zone's offset from UTC at the instant `utcMs`, in minutes (India +330, New York -300 or -240). */
export function zoneOffsetMinutes(utcMs: number, zone: string): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  return Math.round((wallClockAsUtc(whole, zone) - whole) / 60_000);
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A `datetime-local` value ("2027-01-12T10:30"), meant as the wall clock in `zone`, as an ISO 8601 time
 * with that zone's offset on that day ("2027-01-12T10:30:00+05:30"); null when the value is not one.
 * A wall time that a clock change skips is taken with the offset from before the change.
 */
export function zonedInputToIso(local: string, zone: string): string | null {
  const match = LOCAL_INPUT.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== d) return null;
  // The offset at the wall time read as UTC is a first guess; the offset at the instant it gives is right
  // unless a clock change lies between the two, which the second look settles.
  let offset = zoneOffsetMinutes(asUtc, zone);
  const second = zoneOffsetMinutes(asUtc - offset * 60_000, zone);
  if (second !== offset && zoneOffsetMinutes(asUtc - second * 60_000, zone) === second) offset = second;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An instant as a `datetime-local` value on the wall clock of `zone` (to fill the dialog in). */
export function isoToZonedInput(iso: string, zone: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(wallClockAsUtc(ms, zone)).toISOString().slice(0, 16);
}

/** An instant as a date and time on the wall clock of `zone`, in the reader's language. */
export function formatInZone(iso: string, zone: string, locale: Locale): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return dateTimeFormat(INTL_LOCALE[locale], {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(ms));
}

/** The browser's own zone: the fallback when a view has no origin zone (an airport the data lacks). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
