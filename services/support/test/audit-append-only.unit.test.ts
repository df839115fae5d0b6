/**
 * The audit log is append-only (addendum §2.3): one module writes it and only inserts, nothing else in the
 * repository's service code touches its collection, and no route but a GET is on the audit path. The one
 * remover is retention (issue 40): whole entries older than the catalogue's period, from the retention job only.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { API_ROUTES } from '@safarsaathi/contracts';

const root = path.resolve(__dirname, '../../..');
const auditModule = path.join(root, 'services/support/src/persistence/audit-log.ts');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** A module's code without its comments (which may say what the module never does). */
const codeOf = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');

test('the audit module inserts and reads; its one remover deletes whole entries by age, and nothing updates one', () => {
  const code = codeOf(auditModule);
  const calls = [...code.matchAll(/\bmodel\.(\w+)\(/g)].map((match) => match[1]);
  expect(new Set(calls)).toEqual(new Set(['create', 'find', 'countDocuments', 'deleteMany']));
  // The one deleteMany is retention's, by the entry's time only.
  expect(code.match(/deleteMany\(/g)).toHaveLength(1);
  expect(code).toMatch(
    /expireOlderThan\(cutoff\)\s*\{\s*return \(await model\.deleteMany\(\{ at: \{ \$lt: cutoff \} \}\)\)/,
  );
  expect(code).not.toMatch(/update|replace|remove|bulkWrite|findOneAnd|deleteOne/i);
});

test('only the retention job removes entries, with the data catalogue’s period', () => {
  const callers = ['services', 'platform/src', 'gateway/src']
    .flatMap((dir) => sources(path.join(root, dir)))
    .filter((file) => !file.includes(`${path.sep}test${path.sep}`) && file !== auditModule)
    .filter((file) => /expireOlderThan/.test(codeOf(file)));
  expect(callers.map((file) => path.relative(root, file))).toEqual([
    'services/support/src/use-cases/retention.ts',
  ]);
  expect(codeOf(callers[0]!)).toMatch(
    /expireOlderThan\(new Date\(now\.getTime\(\) - retentionMs\('audit_entries'\)\)\)/,
  );
});

test('no other service code names the audit collection or its model', () => {
  const others = ['services', 'platform/src', 'gateway/src']
    .flatMap((dir) => sources(path.join(root, dir)))
    .filter((file) => file !== auditModule && !file.includes(`${path.sep}test${path.sep}`));
  const naming = others.filter((file) => /audit_log|AuditRecord/.test(readFileSync(file, 'utf8')));
  expect(naming).toEqual([]);
});

test('the only route on the audit log is a GET', () => {
  const routes = API_ROUTES.filter((route) => route.path.startsWith('/api/admin/audit'));
  expect(routes.map((route) => `${route.method} ${route.path}`)).toEqual(['GET /api/admin/audit']);
});
