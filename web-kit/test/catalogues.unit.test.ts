/**
 * Every namespace has the same keys in English and in each of the other eight languages (issues 14 and
 * 24): a missing language, a missing or extra key, an empty text or a placeholder that differs from
 * English fails. Catalogues are found by what they call (defineCatalogue) in web-kit and every remote,
 * so a new namespace cannot escape the check.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import {
  LOCALES,
  LOCALE_NAMES,
  SERVER_TEXTS,
  placeholdersOf,
  renderCaseEmail,
  renderCaseReplyEmail,
  renderCodeEmail,
  renderMatchEmail,
  renderNoticeEmail,
  serverTexts,
  unreadMessageEmail,
} from '@safarsaathi/contracts';
import type { Catalogue, TranslatedLocale } from '../src/i18n/catalogue';

const ROOT = path.resolve(__dirname, '../..');
const SOURCE_DIRS = [
  'web-kit/src',
  ...fs.readdirSync(path.join(ROOT, 'web-remotes')).map((remote) => `web-remotes/${remote}/src`),
  'web-shell/src',
];

function* files(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

const catalogueFiles = SOURCE_DIRS.flatMap((dir) => [...files(path.join(ROOT, dir))]).filter((file) =>
  /defineCatalogue\(\s*'/.test(fs.readFileSync(file, 'utf8')),
);

function catalogues(): Catalogue[] {
  return catalogueFiles.flatMap((file) =>
    // Synchronous on purpose: it.each needs the catalogues when the tests are collected.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    Object.values(require(file) as Record<string, unknown>).filter(
      (value): value is Catalogue =>
        typeof value === 'object' &&
        value !== null &&
        'namespace' in value &&
        'en' in value &&
        'loaders' in value,
    ),
  );
}

/** Every leaf key ('a.b.c') with its text. */
function leaves(tree: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      for (const [k, v] of leaves(value, name)) found.set(k, v);
    else found.set(name, value);
  }
  return found;
}

/** i18next's placeholders: {{name}}. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const TRANSLATED = LOCALES.filter((locale): locale is TranslatedLocale => locale !== 'en');

/** The script each language is written in (Hindi and Marathi share Devanagari). */
const SCRIPT: Record<TranslatedLocale, RegExp> = {
  hi: /[\u0900-\u097F]/,
  mr: /[\u0900-\u097F]/,
  gu: /[\u0A80-\u0AFF]/,
  pa: /[\u0A00-\u0A7F]/,
  ta: /[\u0B80-\u0BFF]/,
  te: /[\u0C00-\u0C7F]/,
  bn: /[\u0980-\u09FF]/,
  ml: /[\u0D00-\u0D7F]/,
};

/** Texts kept as they are in every language: names of languages (each in its own script), codes. */
const keptAsIs = (text: string) =>
  Object.values(LOCALE_NAMES).includes(text) || /^[A-Z0-9 .:+@-]+$/.test(text);

describe('translation catalogues', () => {
  const all = catalogues();
  const cases = all.flatMap((catalogue) =>
    TRANSLATED.map((locale) => [catalogue.namespace, locale, catalogue] as const),
  );

  // Each language is a module of its own per namespace, loaded on demand (as on a page switching to it).
  beforeAll(async () => {
    for (const catalogue of all)
      for (const locale of TRANSLATED) {
        const load = catalogue.loaders[locale];
        if (load) catalogue.loaded[locale] = (await load()).default;
      }
  });

  it('are found: common and one namespace per remote that has texts', () => {
    const namespaces = all.map((c) => c.namespace);
    expect(namespaces).toContain('common');
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it.each(cases)(
    '%s in %s: every key of English, each a non-empty text with the same placeholders',
    (_ns, locale, catalogue) => {
      expect([locale, catalogue.loaders[locale] ? 'has a loader' : 'has no loader']).toEqual([
        locale,
        'has a loader',
      ]);
      const en = leaves(catalogue.en);
      const translated = leaves(catalogue.loaded[locale] ?? {});
      expect([...translated.keys()].filter((key) => !en.has(key))).toEqual([]);
      expect([...en.keys()].filter((key) => !translated.has(key))).toEqual([]);
      for (const [key, text] of en) {
        expect(typeof text === 'string' && text.trim() !== '' ? key : `${key} is not a text`).toBe(key);
        const words = translated.get(key);
        expect(typeof words === 'string' && words.trim() !== '' ? key : `${key} has no text`).toBe(key);
        expect([key, placeholders(words as string)]).toEqual([key, placeholders(text as string)]);
      }
    },
  );

  it.each(cases)('%s in %s: each text is written in the script of its language', (_ns, locale, catalogue) => {
    for (const [key, text] of leaves(catalogue.loaded[locale] ?? {})) {
      if (keptAsIs(String(text))) continue;
      expect([key, SCRIPT[locale].test(String(text))]).toEqual([key, true]);
    }
  });
});

/**
 * The servers' texts (notifications, e-mails, push, calendar, link preview): one file per language,
 * `contracts/src/texts/<locale>.ts`, each wired into SERVER_TEXTS, with exactly English's keys and
 * placeholders; every e-mail renders in every language with its `lang` and nothing left unfilled.
 */
describe('server texts', () => {
  const TEXTS_DIR = path.join(ROOT, 'contracts/src/texts');

  it.each(LOCALES.map((locale) => [locale]))('%s: has its file, wired into SERVER_TEXTS', (locale) => {
    expect([locale, fs.existsSync(path.join(TEXTS_DIR, `${locale}.ts`))]).toEqual([locale, true]);
    expect([locale, SERVER_TEXTS[locale] !== undefined]).toEqual([locale, true]);
    expect(serverTexts(locale)).toBe(SERVER_TEXTS[locale]);
  });

  it.each(TRANSLATED.map((locale) => [locale]))(
    '%s: every key of English, each a non-empty text with the same placeholders, in its script',
    (locale) => {
      const en = leaves(SERVER_TEXTS.en);
      const translated = leaves(SERVER_TEXTS[locale] ?? {});
      expect([...translated.keys()].filter((key) => !en.has(key))).toEqual([]);
      expect([...en.keys()].filter((key) => !translated.has(key))).toEqual([]);
      for (const [key, text] of en) {
        const words = translated.get(key);
        expect(typeof words === 'string' && words.trim() !== '' ? key : `${key} has no text`).toBe(key);
        expect([key, placeholdersOf(words as string)]).toEqual([key, placeholdersOf(text as string)]);
        // A text with words (not only placeholders and punctuation) is in the language's script.
        const letters = String(words)
          .replace(/\{\{\w+\}\}/g, '')
          .replace(/[^\p{L}]/gu, '');
        if (letters) expect([key, SCRIPT[locale].test(String(words))]).toEqual([key, true]);
      }
    },
  );

  it.each(LOCALES.map((locale) => [locale]))(
    '%s: every e-mail renders whole, marked with its language',
    (locale) => {
      const emails = [
        renderCodeEmail('123456', locale),
        renderMatchEmail({ caseid: 'SC-1', otherCaseid: 'SC-2', complete: false }, 'Asha', locale),
        renderNoticeEmail({ key: 'flight_changed', params: { caseid: 'SC-1' } }, '', locale),
        renderCaseEmail('SUP-1', 'Technical Support', locale),
        renderCaseReplyEmail(
          { caseId: 'SS-1', issueType: 'Trip-day problem (urgent)', text: 'Go to gate 12.' },
          '',
          locale,
        ),
        unreadMessageEmail('Ravi', 'Asha', locale),
      ];
      for (const email of emails) {
        expect(`${email.subject}\n${email.text}`).not.toMatch(/\{\{|\}\}/);
        expect(email.html).toMatch(new RegExp(`^<div lang="${locale}"`));
      }
    },
  );
});
