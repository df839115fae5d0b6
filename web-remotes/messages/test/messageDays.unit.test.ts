import { describe, expect, it } from '@jest/globals';
import { dayLabel, groupByDay, localDayKey, mergeMessages, messageTime } from '../src/chat/messageDays';

// Local times, so the expectations hold in any time zone the tests run in.
const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min);
const msg = (seq: number, date: Date, extra: Record<string, unknown> = {}) => ({
  seq,
  sent_at: date.toISOString(),
  ...extra,
});

describe('dayLabel', () => {
  const now = at(2026, 3, 10, 0, 10);

  it('says Today for any time of the current local day', () => {
    expect(dayLabel(at(2026, 3, 10, 0, 0), now)).toBe('Today');
    expect(dayLabel(at(2026, 3, 10, 23, 59), now)).toBe('Today');
  });

  it('says Yesterday for the previous local day, even twenty minutes ago', () => {
    expect(dayLabel(at(2026, 3, 9, 23, 50), now)).toBe('Yesterday');
    expect(dayLabel(at(2026, 3, 9, 0, 1), now)).toBe('Yesterday');
  });

  it('handles yesterday across a month and a year boundary', () => {
    expect(dayLabel(at(2026, 2, 28), at(2026, 3, 1))).toBe('Yesterday');
    expect(dayLabel(at(2025, 12, 31), at(2026, 1, 1))).toBe('Yesterday');
  });

  it('gives older days as a locale date', () => {
    expect(dayLabel(at(2026, 3, 8), now, 'en-US')).toBe('March 8, 2026');
    expect(dayLabel(at(2026, 3, 8), now, 'en-GB')).toBe('8 March 2026');
  });
});

describe('groupByDay', () => {
  it('cuts the messages into consecutive days with their separators, keeping order', () => {
    const now = at(2026, 3, 10, 9);
    const messages = [
      msg(1, at(2026, 3, 1, 8)),
      msg(2, at(2026, 3, 1, 21)),
      msg(3, at(2026, 3, 9, 22)),
      msg(4, at(2026, 3, 10, 0, 5)),
      msg(5, at(2026, 3, 10, 8, 59)),
    ];
    const groups = groupByDay(messages, now, 'en-US');
    expect(groups.map((g) => g.label)).toEqual(['March 1, 2026', 'Yesterday', 'Today']);
    expect(groups.map((g) => g.messages.map((m) => m.seq))).toEqual([[1, 2], [3], [4, 5]]);
    expect(groups[0]!.key).toBe(localDayKey(at(2026, 3, 1)));
  });

  it('gives no groups for no messages', () => {
    expect(groupByDay([])).toEqual([]);
  });
});

describe('mergeMessages', () => {
  it('joins older pages and the latest page once each, oldest first, the latest copy winning', () => {
    const t = at(2026, 3, 10);
    const older = [msg(1, t), msg(2, t), msg(3, t, { is_read: false })];
    const latest = [msg(3, t, { is_read: true }), msg(4, t)];
    const merged = mergeMessages(older, latest);
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(merged[2]).toMatchObject({ is_read: true });
  });
});

describe('messageTime', () => {
  it('shows the time of day in the given locale', () => {
    expect(messageTime(at(2026, 3, 10, 14, 5).toISOString(), 'en-US')).toBe('2:05 PM');
  });

  it('shows nothing for a time it cannot read', () => {
    expect(messageTime('later')).toBe('');
  });
});
