import { activeLocale, formatDate as formatDateIn } from '@safarsaathi/web-kit';

/** YYYY-MM-DD (or an ISO timestamp) as a date in the page's language (en-US month/day/year in English); the text itself when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  return formatDateIn(value, activeLocale());
}
