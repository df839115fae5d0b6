/** docs/privacy.md's records of processing are the data catalogue's (issue 40): regenerate with scripts/privacy-records.ts. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { DATA_CATALOGUE } from '@safarsaathi/contracts';
import { recordsTable } from '../scripts/privacy-records';

test('the records of processing in docs/privacy.md are current (npx tsx scripts/privacy-records.ts)', () => {
  // A child process: Prettier 3 (which lays the document out) is an ES module jest's runtime cannot import.
  expect(() =>
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/privacy-records.ts', '--check'], {
      cwd: resolve(__dirname, '..'),
      stdio: 'pipe',
    }),
  ).not.toThrow();
}, 30_000);

test('every catalogue item is a row, with its retention', () => {
  const table = recordsTable();
  for (const item of DATA_CATALOGUE) expect(table).toContain(`\`${item.id}\``);
  expect(table).toContain('180 days after the last travel date (or last message)');
  expect(table).toContain('2 years after closing');
});
