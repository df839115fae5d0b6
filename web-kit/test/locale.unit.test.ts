import { describe, expect, it } from '@jest/globals';
import {
  firstPaintFileFor,
  landingFileFor,
  localeFromAcceptLanguage,
  localeFromTag,
  visitorLocale,
} from '@safarsaathi/contracts';
import { resolveLocale } from '../src/i18n/locale';

describe('resolveLocale: account, then remembered choice, then the browser, then English', () => {
  it.each([
    [{ userLocale: 'hi', remembered: 'en', navigatorLanguages: ['en-US'] }, 'hi'],
    [{ userLocale: 'en', remembered: 'hi', navigatorLanguages: ['hi-IN'] }, 'en'],
    [{ userLocale: null, remembered: 'hi', navigatorLanguages: ['en-US'] }, 'hi'],
    [{ remembered: 'en', navigatorLanguages: ['hi-IN'] }, 'en'],
    [{ remembered: 'fr', navigatorLanguages: ['hi-IN', 'en'] }, 'hi'],
    [{ navigatorLanguages: ['hi'] }, 'hi'],
    [{ navigatorLanguages: ['en-US', 'hi'] }, 'en'],
    [{ navigatorLanguages: ['mr-IN', 'hi'] }, 'mr'],
    // The first of the browser's languages that SafarSaathi has (addendum §4), whatever comes before it.
    [{ navigatorLanguages: ['fr-FR', 'de', 'ta-IN', 'hi'] }, 'ta'],
    [{ navigatorLanguages: ['ar', 'pa-Guru-IN', 'en'] }, 'pa'],
    [{ navigatorLanguages: ['ur-PK', 'de-DE'] }, 'en'],
    [{ remembered: 'gu', navigatorLanguages: ['ml-IN'] }, 'gu'],
    [{ userLocale: 'xx', navigatorLanguages: [] }, 'en'],
    [{}, 'en'],
  ])('%j -> %s', (sources, expected) => {
    expect(resolveLocale(sources)).toBe(expected);
  });
});

describe('language tags from the browser and from requests', () => {
  it.each([
    ['hi', 'hi'],
    ['hi-IN', 'hi'],
    ['HI_in', 'hi'],
    ['en-GB', 'en'],
    ['fr', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('localeFromTag(%j) = %j', (tag, expected) => {
    expect(localeFromTag(tag)).toBe(expected);
  });

  it.each([
    ['hi', 'hi'],
    ['hi-IN,hi;q=0.9,en;q=0.8', 'hi'],
    ['en-US,en;q=0.9,hi;q=0.8', 'en'],
    ['fr-FR, hi;q=0.5', 'hi'],
    ['en;q=0.2, hi;q=0.9', 'hi'],
    ['hi;q=0, en', 'en'],
    ['fr, de', undefined],
    ['', undefined],
    ['x'.repeat(600), undefined],
  ])('localeFromAcceptLanguage(%j) = %j', (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });
});

describe("a visitor's first paint: the page's last language (its cookie), else the browser's, else English", () => {
  it.each([
    ['ta', 'hi-IN,hi;q=0.9', 'ta'],
    ['en', 'hi-IN', 'en'],
    [undefined, 'fr-FR,fr;q=0.9,gu;q=0.8', 'gu'],
    ['xx', 'mr', 'mr'],
    [['hi'], undefined, 'en'],
    [undefined, 'de-DE', 'en'],
    [undefined, undefined, 'en'],
  ])('cookie %j, Accept-Language %j -> %s', (cookie, acceptLanguage, expected) => {
    expect(visitorLocale(cookie, acceptLanguage)).toBe(expected);
  });

  it('names one pre-rendered file per language, English the plain landing.html', () => {
    expect([landingFileFor('en'), landingFileFor('hi'), landingFileFor('ml')]).toEqual([
      'landing.html',
      'landing.hi.html',
      'landing.ml.html',
    ]);
  });

  it('paints `/` from the landing page for a visitor and `/dashboard` from its frame signed in; else the shell', () => {
    expect(firstPaintFileFor('/', false)?.('hi')).toBe('landing.hi.html');
    expect(firstPaintFileFor('/dashboard', true)?.('en')).toBe('dashboard.html');
    expect(firstPaintFileFor('/dashboard', true)?.('ta')).toBe('dashboard.ta.html');
    expect(firstPaintFileFor('/', true)).toBeUndefined();
    expect(firstPaintFileFor('/dashboard', false)).toBeUndefined();
    expect(firstPaintFileFor('/companion-service', true)).toBeUndefined();
  });
});
