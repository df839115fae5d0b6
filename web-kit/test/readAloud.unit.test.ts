/** "Read aloud" (addendum §4): which voice speaks the page's language, and how a long text is handed over. */
import { describe, expect, test } from '@jest/globals';
import { pickVoice, speechChunks, speechLang, type VoiceLike } from '../src/easyReading/readAloud';

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
