/** Pure helpers of the chat dialog's message list (spec §2 Chat dialog: day separators). */

export const TODAY = 'Today';
export const YESTERDAY = 'Yesterday';

interface Dated {
  sent_at: string;
}

export interface DayGroup<M extends Dated> {
  /** The local calendar day, YYYY-MM-DD. */
  key: string;
  /** 'Today', 'Yesterday' or the day in the reader's locale, e.g. '5 March 2026' / 'March 5, 2026'. */
  label: string;
  messages: M[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of a moment, as YYYY-MM-DD. */
export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The separator of one day: Today, Yesterday, or a locale date. */
export function dayLabel(date: Date, now: Date = new Date(), locale?: string): string {
  const key = localDayKey(date);
  if (key === localDayKey(now)) return TODAY;
  // Built from the calendar fields, so a DST change never makes "yesterday" 23 or 25 hours ago.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === localDayKey(yesterday)) return YESTERDAY;
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric' });
}

/** Messages (oldest first) cut into consecutive local days, each with its separator label. */
export function groupByDay<M extends Dated>(
  messages: readonly M[],
  now: Date = new Date(),
  locale?: string,
): DayGroup<M>[] {
  const groups: DayGroup<M>[] = [];
  for (const message of messages) {
    const sent = new Date(message.sent_at);
    const key = Number.isNaN(sent.getTime()) ? 'unknown' : localDayKey(sent);
    const last = groups.at(-1);
    if (last?.key === key) last.messages.push(message);
    else
      groups.push({
        key,
        label: key === 'unknown' ? '' : dayLabel(sent, now, locale),
        messages: [message],
      });
  }
  return groups;
}

/** The time of day a message was sent, in the reader's locale (e.g. '2:05 PM'). */
export function messageTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
}

/**
 * Older pages (loaded on demand) joined with the latest page (polled): one list, oldest first, each
 * message once. The polled copy wins, as it carries the newest read state.
 */
export function mergeMessages<M extends { seq: number }>(older: readonly M[], latest: readonly M[]): M[] {
  const bySeq = new Map<number, M>();
  for (const message of older) bySeq.set(message.seq, message);
  for (const message of latest) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}
