/**
 * Every namespace has the same keys in English and Hindi (issue 14). Catalogues are found by what they
 * call (defineCatalogue) in web-kit and every remote, so a new namespace cannot escape the check.
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import {
  LOCALES,
  SERVER_TEXTS,
  placeholdersOf,
  renderCaseEmail,
  renderCodeEmail,
  renderMatchEmail,
  renderNoticeEmail,
  serverTexts,
  unreadMessageEmail,
} from '@safarsaathi/contracts';
import type { Catalogue } from '../src/i18n/catalogue';

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
        'loadHi' in value,
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

describe('translation catalogues', () => {
  const all = catalogues();

  // Hindi is a module of its own per namespace, loaded on demand (as on a page that switches to Hindi).
  beforeAll(async () => {
    for (const catalogue of all) catalogue.hi = await catalogue.loadHi();
  });

  it('are found: common and one namespace per remote that has texts', () => {
    const namespaces = all.map((c) => c.namespace);
    expect(namespaces).toContain('common');
    expect(new Set(namespaces).size).toBe(namespaces.length);
  });

  it.each(all.map((c) => [c.namespace, c] as const))(
    '%s: every key in both languages, each a non-empty text with the same placeholders',
    (_ns, catalogue) => {
      const en = leaves(catalogue.en);
      const hi = leaves(catalogue.hi);
      expect([...hi.keys()].filter((key) => !en.has(key))).toEqual([]);
      expect([...en.keys()].filter((key) => !hi.has(key))).toEqual([]);
      for (const [key, text] of en) {
        expect(typeof text === 'string' && text.trim() !== '' ? key : `${key} is not a text`).toBe(key);
        const hindi = hi.get(key);
        expect(typeof hindi === 'string' && hindi.trim() !== '' ? key : `${key} has no Hindi text`).toBe(key);
        expect([key, placeholders(hindi as string)]).toEqual([key, placeholders(text as string)]);
      }
    },
  );

  it('a Hindi text is written in Devanagari, unless it is a name kept as it is', () => {
    const keptAsIs = /^(English|हिन्दी|[A-Z0-9 .:+@-]+)$/;
    for (const catalogue of all) {
      for (const [key, text] of leaves(catalogue.hi)) {
        if (keptAsIs.test(String(text)) || key === 'language.english') continue;
        expect([catalogue.namespace, key, /[\u0900-\u097F]/.test(String(text))]).toEqual([
          catalogue.namespace,
          key,
          true,
        ]);
      }
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

  it.each(LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale]))(
    '%s: every key of English, each a non-empty text with the same placeholders',
    (locale) => {
      const en = leaves(SERVER_TEXTS.en);
      const translated = leaves(SERVER_TEXTS[locale] ?? {});
      expect([...translated.keys()].filter((key) => !en.has(key))).toEqual([]);
      expect([...en.keys()].filter((key) => !translated.has(key))).toEqual([]);
      for (const [key, text] of en) {
        const words = translated.get(key);
        expect(typeof words === 'string' && words.trim() !== '' ? key : `${key} has no text`).toBe(key);
        expect([key, placeholdersOf(words as string)]).toEqual([key, placeholdersOf(text as string)]);
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
        unreadMessageEmail('Ravi', 'Asha', locale),
      ];
      for (const email of emails) {
        expect(`${email.subject}\n${email.text}`).not.toMatch(/\{\{|\}\}/);
        expect(email.html).toMatch(new RegExp(`^<div lang="${locale}"`));
      }
    },
  );
});
