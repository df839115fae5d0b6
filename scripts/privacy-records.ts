/**
 * docs/privacy.md's records of processing, written from the data catalogue (contracts/src/privacy/
 * data-catalogue.ts), so the records cannot drift from what the product stores: `tsx scripts/privacy-records.ts`
 * rewrites the part between the markers (`--check`: exits 1 instead); test/privacy-records.unit.test.ts fails
 * while it is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DATA_CATALOGUE, type DataItem, type DataStore, type Retention } from '@safarsaathi/contracts';

export const PRIVACY_DOC = resolve(__dirname, '..', 'docs', 'privacy.md');
const BEGIN = '<!-- records:begin (written by scripts/privacy-records.ts from the data catalogue) -->';
const END = '<!-- records:end -->';

function retentionText(retention: Retention): string {
  switch (retention.rule) {
    case 'minutes':
      return `${retention.minutes} minutes`;
    case 'days':
      return `${retention.days} days`;
    case 'years':
      return `${retention.years} years`;
    case 'days_after_last_use':
      return `${retention.days} days after last use`;
    case 'days_after_last_travel_or_message':
      return `${retention.days} days after the last travel date (or last message)`;
    case 'days_after_sent_once_read':
      return `${retention.days} days once read`;
    case 'years_after_closed':
      return `${retention.years} years after closing`;
    case 'with_account':
      return 'until the account is deleted';
  }
}

function storeText(store: DataStore): string {
  if ('collection' in store) return `${store.service}: ${store.collection} (${store.fields.join(', ')})`;
  if ('redis' in store) return `${store.service}: Redis ${store.redis}`;
  return `${store.service}: ${store.elsewhere}`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function recordsTable(items: readonly DataItem[] = DATA_CATALOGUE): string {
  const rows = items.map((item) =>
    [
      `\`${item.id}\` ${item.item}`,
      item.purpose,
      item.legal.basis === 'consent' ? `consent (\`${item.legal.purpose}\`)` : item.legal.basis,
      item.where.map(storeText).join('<br>'),
      retentionText(item.retention),
      item.enforcedBy.replace(/_/g, ' '),
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    '| Item | Purpose | Basis | Where | Kept | Removed by |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** The document with its records section rewritten. */
export function withRecords(document: string): string {
  const begin = document.indexOf(BEGIN);
  const end = document.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${PRIVACY_DOC} has no records markers`);
  return `${document.slice(0, begin + BEGIN.length)}\n\n${recordsTable()}\n\n${document.slice(end)}`;
}

/** The document as it should be: records rewritten, laid out by Prettier as `npm run format` would. */
export async function currentDocument(document: string): Promise<string> {
  // Loaded here: Prettier 3 is an ES module that jest's runtime (which imports this file) cannot load.
  const { format, resolveConfig } = await import('prettier');
  const config = (await resolveConfig(PRIVACY_DOC)) ?? {};
  return format(withRecords(document), { ...config, filepath: PRIVACY_DOC });
}

if (require.main === module) {
  const current = readFileSync(PRIVACY_DOC, 'utf8');
  const check = process.argv.includes('--check');
  void currentDocument(current).then((next) => {
    if (next === current) return void process.stdout.write(`${PRIVACY_DOC}: current\n`);
    if (check) {
      process.stderr.write(`${PRIVACY_DOC}: records not current; run npx tsx scripts/privacy-records.ts\n`);
      process.exitCode = 1;
      return;
    }
    writeFileSync(PRIVACY_DOC, next);
    process.stdout.write(`${PRIVACY_DOC}: records rewritten\n`);
  });
}
