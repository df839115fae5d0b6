import { describe, expect, it } from '@jest/globals';
import { INTL_LOCALE } from '@safarsaathi/contracts';
import {
  dateTimeFormat,
  formatDate,
  formatLanguage,
  formatLongDate,
  formatNumber,
  formatPrice,
  formatTime,
  relativeTime,
} from '../src/i18n/format';

describe('Intl formatting per language', () => {
  it('builds one formatter per locale and options and keeps it; its output is what a new one would give', () => {
    const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };
    const first = dateTimeFormat('hi-IN', options);
    expect(dateTimeFormat('hi-IN', { ...options })).toBe(first);
    expect(dateTimeFormat('en-US', options)).not.toBe(first);
    expect(dateTimeFormat('hi-IN', { ...options, month: 'short' })).not.toBe(first);
    const day = new Date('2026-03-01T00:00:00Z');
    expect(first.format(day)).toBe(new Intl.DateTimeFormat('hi-IN', options).format(day));
    // A zone Intl does not know still throws at every call, so callers' fallbacks keep working.
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('groups numbers in lakhs and crores in Hindi, in thousands in English', () => {
    expect(formatNumber(100000, 'hi')).toBe('1,00,000');
    expect(formatNumber(12345678, 'hi')).toBe('1,23,45,678');
    expect(formatNumber(100000, 'en')).toBe('100,000');
  });

  it('language names: Intl’s Hindi names for the list, English as stored, an unknown name as written', () => {
    expect(formatLanguage('Tamil', 'hi')).toBe('तमिल');
    expect(formatLanguage('Gujarati', 'hi')).toBe('गुजराती');
    expect(formatLanguage('Tamil', 'en')).toBe('Tamil');
    expect(formatLanguage('Klingon', 'hi')).toBe('Klingon');
  });

  it('prices: the spec dollar amounts in English, lakh grouping in Hindi, no cents for whole amounts', () => {
    expect(formatPrice(150, 'en')).toBe('$150');
    expect(formatPrice(1500, 'en')).toBe('$1,500');
    expect(formatPrice(100000, 'hi')).toBe('$1,00,000');
    expect(formatPrice(12.5, 'en')).toBe('$12.50');
  });

  it('dates: month/day/year in English, day/month/year and Hindi month names in Hindi; a calendar day stays that day', () => {
    expect(formatDate('2026-03-05', 'en')).toBe('03/05/2026');
    expect(formatDate('2026-03-05', 'hi')).toBe('05/03/2026');
    expect(formatDate('not a date', 'hi')).toBe('not a date');
    expect(formatDate(null, 'en')).toBe('');
    expect(formatLongDate('2026-03-05', 'en')).toBe('March 5, 2026');
    expect(formatLongDate('2026-03-05', 'hi')).toBe('5 मार्च 2026');
  });

  it('times of day in each language', () => {
    const afternoon = new Date(2026, 2, 5, 14, 5);
    expect(formatTime(afternoon, 'en')).toBe('2:05 PM');
    expect(formatTime(afternoon, 'hi')).toMatch(/^2:05 (pm|अपराह्न)$/);
  });

  describe('relative time', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    const ago = (ms: number) => new Date(now - ms).toISOString();
    it.each([
      [0, 'Just now', 'अभी-अभी'],
      [60_000, '1 min ago', '1 मिनट पहले'],
      [2 * 3600_000, '2 hours ago', '2 घंटे पहले'],
      [24 * 3600_000, '1 day ago', '1 दिन पहले'],
      [3 * 24 * 3600_000, '3 days ago', '3 दिन पहले'],
    ])('%i ms ago: %s / %s', (ms, english, hindi) => {
      expect(relativeTime(ago(ms), now, 'en')).toBe(english);
      expect(relativeTime(ago(ms), now, 'hi')).toBe(hindi);
    });

    it('the other languages say "just now" in their own words, never in Hindi', () => {
      for (const locale of ['gu', 'pa', 'ta', 'te', 'bn', 'mr', 'ml'] as const) {
        const words = relativeTime(ago(0), now, locale);
        expect([locale, words]).toEqual([
          locale,
          new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' }).format(0, 'second'),
        ]);
        expect([locale, words]).not.toEqual([locale, 'अभी-अभी']);
      }
      expect(relativeTime(ago(2 * 3600_000), now, 'ta')).toBe('2 மணிநேரம் முன்');
    });
  });
});
