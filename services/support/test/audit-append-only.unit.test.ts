/**
 * The audit log is append-only (addendum §2.3): one module writes it and only inserts, nothing else in the
 * repository's service code touches its collection, and no route but a GET is on the audit path.
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

test('the audit module only inserts and reads: no update, replace or delete of an entry', () => {
  // The code without its comments (which may say what the module never does).
  const code = readFileSync(auditModule, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');
  const calls = [...code.matchAll(/\bmodel\.(\w+)\(/g)].map((match) => match[1]);
  expect(new Set(calls)).toEqual(new Set(['create', 'find', 'countDocuments']));
  expect(code).not.toMatch(/update|replace|delete|remove|bulkWrite|findOneAnd/i);
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
