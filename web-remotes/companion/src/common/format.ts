/** YYYY-MM-DD (or an ISO timestamp) as en-US month/day/year; the text itself when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(day.getTime())
    ? value
    : day.toLocaleDateString('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' });
}

