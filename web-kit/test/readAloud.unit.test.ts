/** "Read aloud" (addendum §4): which voice speaks the page's language, and how a long text is handed over. */
import { describe, expect, test } from '@jest/globals';
import {
  pickVoice,
  speakableText,
  speechChunks,
  speechLang,
  type SpeechWords,
  type VoiceLike,
} from '../src/easyReading/readAloud';

const voice = (lang: string, extra: Partial<VoiceLike> = {}) => ({ lang, ...extra });

describe('pickVoice', () => {
  test("the page's exact Intl tag first, then the language in any region", () => {
    const hiIn = voice('hi-IN');
    const hi = voice('hi');
    expect(pickVoice([voice('en-US'), hi, hiIn], 'hi')).toBe(hiIn);
    expect(pickVoice([voice('en-US'), hi], 'hi')).toBe(hi);
    expect(pickVoice([voice('en-GB'), voice('hi-IN')], 'en')).toEqual(voice('en-GB'));
    const enUs = voice('en-US');
    expect(pickVoice([voice('en-GB'), enUs], 'en')).toBe(enUs);
  });

  test('Bengali and Marathi (Latin digits on the page) ask for the plain regional tag, bn-IN over bn-BD', () => {
    expect(speechLang('bn')).toBe('bn-IN');
    expect(speechLang('mr')).toBe('mr-IN');
    expect(speechLang('ta')).toBe('ta-IN');
    const bnIn = voice('bn-IN');
    expect(pickVoice([voice('bn-BD', { default: true }), bnIn], 'bn')).toBe(bnIn);
  });

  test('no voice for the language: none (the button is hidden), never a voice of another language', () => {
    expect(pickVoice([voice('en-US'), voice('en-GB'), voice('mr-IN')], 'hi')).toBeUndefined();
    expect(pickVoice([], 'en')).toBeUndefined();
    // 'hil' (Hiligaynon) starts with 'hi' but is another language.
    expect(pickVoice([voice('hil-PH')], 'hi')).toBeUndefined();
  });

  test("tags written with underscores or another case still match (Android's voices say hi_IN)", () => {
    const underscored = voice('hi_IN');
    expect(pickVoice([voice('en-US'), underscored], 'hi')).toBe(underscored);
    const upper = voice('EN-us');
    expect(pickVoice([upper], 'en')).toBe(upper);
  });

  test("among equals: the browser's default, then a voice on the device", () => {
    const remote = voice('hi-IN', { localService: false });
    const local = voice('hi-IN', { localService: true });
    const preferred = voice('hi-IN', { localService: false, default: true });
    expect(pickVoice([remote, local], 'hi')).toBe(local);
    expect(pickVoice([remote, local, preferred], 'hi')).toBe(preferred);
  });
});

describe('speechChunks', () => {
  test('short texts stay whole, lines joined; blank lines and extra spaces dropped', () => {
    expect(speechChunks('  DEL →   JFK \n\n Asha, 72 ')).toEqual(['DEL → JFK\nAsha, 72']);
    expect(speechChunks('   ')).toEqual([]);
  });

  test('a long text is cut into pieces of at most 220 characters, at sentence ends or spaces, losing nothing', () => {
    const sentence = 'मेरी माँ पहली बार अकेले यात्रा कर रही हैं। ';
    const text = sentence.repeat(20);
    const chunks = speechChunks(text);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(220);
    expect(chunks.join(' ').replace(/\s+/g, ' ')).toBe(text.trim().replace(/\s+/g, ' '));
    expect(chunks[0]!.endsWith('।')).toBe(true);
  });
});

describe('speakableText: sentences, not codes (issue 38)', () => {
  const english: SpeechWords = {
    codeOnScreen: 'a code shown on the screen',
    route: (from, to) => `${from} to ${to}`,
  };
  const hindi: SpeechWords = {
    codeOnScreen: 'स्क्रीन पर दिखा कोड',
    route: (from, to) => `${from} से ${to} तक`,
  };

  test('a request card: no case id, the route and the flight spelled, the hand-over code described', () => {
    const card = [
      'DEL → JFK',
      'SC-XD7UD5US',
      'Seeking companion',
      'Flight',
      'Air India AI 105',
      'Hand-over code',
      '482913',
      'Match Found - Case #SC-7KQ2M9XD',
    ].join('\n');
    expect(speakableText(card, english).split('\n')).toEqual([
      'D E L to J F K.',
      'Seeking companion.',
      'Flight.',
      'Air India A I 105.',
      'Hand-over code.',
      'a code shown on the screen.',
      'Match Found - Case.',
    ]);
  });

  test('no raw id or six-digit code survives, in any position', () => {
    const said = speakableText(
      'Your request SC-XD7UD5US (SS-2345ABCD) is matched: code 123456, ref RF-ABCDEFGH.',
      english,
    );
    expect(said).not.toMatch(/[A-Z]{2}-[A-Z0-9]{4,}|\d{6}/);
    expect(said).toBe('Your request is matched: code a code shown on the screen, ref.');
  });

  test('flight numbers read naturally: two letters or a letter and a digit, with or without a space', () => {
    expect(speakableText('BA138 and 6E 2134 and EK 500A', english)).toBe(
      'B A 138 and 6 E 2134 and E K 500A.',
    );
    // A gate, a seat or a terminal is not a flight.
    expect(speakableText('Gate B12, seat 14C, T3', english)).toBe('Gate B12, seat 14C, T3.');
  });

  test('dates, times, phone numbers and longer numbers are left as written', () => {
    const text = '12 Dec 2026, 10:30 · +91 98765 43210 · 9876543210 · 2026-12-12 · 1,234,567';
    expect(speakableText(text, english)).toBe(
      '12 Dec 2026, 10:30, +91 98765 43210, 9876543210, 2026-12-12, 1,234,567.',
    );
  });

  test("the route in the page's language; a longer chain keeps its pauses", () => {
    expect(speakableText('BOM → LHR', hindi)).toBe('B O M से L H R तक.');
    expect(speakableText('DEL → DXB → JFK', english)).toBe('D E L to D X B, JFK.');
  });

  test('a chat message in Hindi: the code is described, the words stay; lines with nothing left are dropped', () => {
    expect(speakableText('मेरा कोड 482913 है।\nSC-XD7UD5US\n—', hindi)).toBe('मेरा कोड स्क्रीन पर दिखा कोड है।');
    expect(speakableText('', english)).toBe('');
  });
});
