import { describe, expect, it } from '@jest/globals';
import { relativeTime } from '../src/ui/relativeTime';

describe('relativeTime (spec §9)', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();

  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [60_000, '1 min ago'],
    [59 * 60_000 + 59_000, '59 min ago'],
    [60 * 60_000, '1 hour ago'],
    [2 * 3600_000, '2 hours ago'],
    [23 * 3600_000 + 59 * 60_000, '23 hours ago'],
    [24 * 3600_000, '1 day ago'],
    [3 * 24 * 3600_000, '3 days ago'],
    [400 * 24 * 3600_000, '400 days ago'],
  ])('%i ms ago reads %s', (ms, text) => {
    expect(relativeTime(ago(ms), now)).toBe(text);
  });

  it('treats a time slightly in the future (clock skew) as now', () => {
    expect(relativeTime(new Date(now + 90_000).toISOString(), now)).toBe('Just now');
  });

  it('gives nothing for a time it cannot read', () => {
    expect(relativeTime('not a date', now)).toBe('');
  });
});
