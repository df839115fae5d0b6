/**
 * The glossary of the key terms (docs/glossary.md, issue 38): match, companion, hand-over, milestone, held in
 * every catalogue of the nine languages. Above all a Hindi reader must never meet "मेल" for a match (many
 * read it as e-mail): the Hindi and Punjabi files are read as text, so a new catalogue or a new key cannot
 * escape the check. Then each language names the person found ("companion found", "your companion") where
 * the product says a match was found, with the word its glossary chose.
 */
import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, serverTexts } from '@safarsaathi/contracts';
import type { TranslatedLocale } from '../src/i18n/catalogue';
import { companionCatalogue } from '../../web-remotes/companion/src/i18n/catalogue';

const ROOT = path.resolve(__dirname, '../..');

function* files(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Every file of a language's texts: web-kit's and each remote's `*.xx.ts`, and the server texts `xx.ts`. */
function languageFiles(locale: TranslatedLocale): string[] {
  const sourceDirs = [
    'web-kit/src',
    ...fs.readdirSync(path.join(ROOT, 'web-remotes')).map((remote) => `web-remotes/${remote}/src`),
  ];
  return [
    ...sourceDirs.flatMap((dir) =>
      [...files(path.join(ROOT, dir))].filter((file) => file.endsWith(`.${locale}.ts`)),
    ),
    path.join(ROOT, 'contracts/src/texts', `${locale}.ts`),
  ];
}

/** Each line of the files that matches `pattern`, as "file:line: text". */
function linesMatching(locale: TranslatedLocale, pattern: RegExp): string[] {
  return languageFiles(locale).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
}

describe('the glossary of the key terms, in every catalogue', () => {
  it('finds the files it checks (catalogues of every remote and the server texts)', () => {
    const hindi = languageFiles('hi').map((file) => path.relative(ROOT, file));
    expect(hindi).toEqual(
      expect.arrayContaining([
        'web-kit/src/i18n/common.hi.ts',
        'web-remotes/companion/src/i18n/catalogue.hi.ts',
        'web-remotes/companion/src/i18n/tripDay.hi.ts',
        'web-remotes/site/src/i18n/catalogue.hi.ts',
        'contracts/src/texts/hi.ts',
      ]),
    );
  });

  it('Hindi never says "मेल" for a match: only "ई-मेल" (e-mail) may contain it', () => {
    expect(linesMatching('hi', /(?<!ई-)मेल/)).toEqual([]);
  });

  it('Punjabi neither: "ਮੇਲ" is e-mail to its readers too ("ਈਮੇਲ")', () => {
    expect(linesMatching('pa', /(?<![ਈ-])ਮੇਲ/)).toEqual([]);
  });

  it('Hindi calls the trip-day milestones चरण, never पड़ाव (a halt, read as a layover)', () => {
    expect(linesMatching('hi', /पड़ाव/)).toEqual([]);
  });

  it('the matched person is never "the one who suits you" or "your pair" (matrimonial readings)', () => {
    expect(linesMatching('ta', /பொருந்தியவர்/)).toEqual([]);
    expect(linesMatching('te', /మీ జత/)).toEqual([]);
    // Gujarati keeps મેળ for matching ("જેમની સાથે આપનો મેળ થાય"); the person is never "આપનો મેળ (1)".
    expect(linesMatching('gu', /આપનો મેળ \(/)).toEqual([]);
  });

  /** The word for "companion" each language's glossary chose (docs/glossary.md). */
  const COMPANION: Record<TranslatedLocale, string> = {
    hi: 'सहयात्री',
    gu: 'સહપ્રવાસી',
    pa: 'ਸਫ਼ਰ ਸਾਥੀ',
    ta: 'பயணத் துணை',
    te: 'సహ ప్రయాణికులు',
    bn: 'সহযাত্রী',
    mr: 'सहप्रवासी',
    ml: 'സഹയാത്രി',
  };

  it.each(LOCALES.filter((locale): locale is TranslatedLocale => locale !== 'en'))(
    '%s: a match found is said as a companion found, with the glossary word',
    async (locale) => {
      const texts = (await companionCatalogue.loaders[locale]()).default.companion;
      const word = COMPANION[locale];
      for (const text of [texts.matchFound, texts.matchNotFound, texts.yourMatch, texts.matchFoundCase])
        expect(text).toContain(word);
      // The notices say it the same way.
      expect(serverTexts(locale).notifications.match_found.title).toContain(word.split(' ')[0]);
    },
  );
});
