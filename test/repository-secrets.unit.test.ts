/**
 * "A production process refuses any secret that appears in the repository" (issue 20), held by a scan
 * rather than by memory: every value assigned anywhere in the tracked files (env files, compose, the
 * Kubernetes overlays, docs, scripts, tests) to a secret variable the configuration reads
 * (INTERNAL_HMAC_SECRET and any other *_SECRET / *_KEY / *_PASSWORD / *_TOKEN), and every password written
 * into a *_URL variable it reads, must make the real config loader of each deployable that reads the
 * variable refuse to start in production. A new literal secret fails this test until it is refused
 * (PUBLISHED_SECRETS, or a placeholder word) or replaced by a random one.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, isSecretVariable, urlPassword } from '../platform/src/config';
import { CONFIG_LOADERS, SHARED_CONFIG_FILE } from '../scripts/config-loaders';
import { deployTargets } from '../scripts/deploy-targets';
import { newVapidKeys } from '../services/notifications/src/config';

const ROOT = path.resolve(__dirname, '..');
const LOADERS = CONFIG_LOADERS;

/** The variables a config file declares (`NAME: z....` keys of its schema). */
function declaredVariables(file: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return new Set([...text.matchAll(/^\s+([A-Z][A-Z0-9_]*):\s/gm)].map((m) => m[1]!));
}

const shared = declaredVariables(SHARED_CONFIG_FILE);
/** Which deployables read each variable. */
const readers = new Map<string, string[]>();
for (const [deployable, { configFile }] of Object.entries(LOADERS)) {
  const own = [...declaredVariables(configFile)];
  for (const name of new Set([...shared, ...own]))
    readers.set(name, [...(readers.get(name) ?? []), deployable]);
}
const SECRET_VARIABLES = [...readers.keys()].filter(isSecretVariable).sort();
const URL_VARIABLES = [...readers.keys()].filter((name) => name.endsWith('_URL')).sort();

interface Found {
  name: string;
  value: string;
  where: string;
}

const CODE = /\.(ts|tsx|js|mjs|cjs|jsx)$/;
const BINARY = /\.(png|jpe?g|gif|ico|webp|avif|woff2?|ttf|br|gz|zip|jar|pdf)$/;

/** The literal value of an assignment, or undefined for an interpolation (`$(openssl ...)`, `${VAR:?...}`, code). */
function literal(raw: string): string | undefined {
  // Compose's `${NAME:-fallback}` / `${NAME-fallback}` ships its fallback; other interpolations ship nothing.
  const fallback = /^\$\{[A-Za-z_][A-Za-z0-9_]*:?-([^}]*)\}$/.exec(raw)?.[1];
  if (fallback !== undefined) return fallback;
  return raw.includes('$') ? undefined : raw;
}

/** Every assignment `NAME=value`, `NAME: value`, `NAME: 'value'`, `NAME = "value"` of the given variables. */
function assignments(names: string[]): Found[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !BINARY.test(file) && !file.endsWith('package-lock.json'));
  const pattern = new RegExp(
    `\\b(${names.join('|')})\\b(?:\\s*[:=]\\s*(?:'([^']*)'|"([^"]*)"|\`([^\`]*)\`)|=([^\\s'"\`]+)|:[ \\t]+([^\\s'"\`#,]+))`,
    'g',
  );
  const found: Found[] = [];
  for (const file of files) {
    const full = path.join(ROOT, file);
    if (!fs.statSync(full, { throwIfNoEntry: false })?.isFile()) continue;
    const text = fs.readFileSync(full, 'utf8').slice(0, 1_000_000);
    const code = CODE.test(file);
    for (const match of text.matchAll(pattern)) {
      const [, name, single, double, backtick, bare, yamlBare] = match;
      const quoted = single ?? double ?? backtick;
      // In code an unquoted value is an expression (randomBytes(32), a variable), not a literal.
      const raw = quoted ?? (code ? undefined : (bare ?? yamlBare));
      if (raw === undefined) continue;
      const value = literal(raw);
      if (value === undefined) continue;
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ name: name!, value, where: `${file}:${line}` });
    }
  }
  return found;
}

const secrets = assignments(SECRET_VARIABLES);
// Only the URLs that carry a password are secrets.
const urls = assignments(URL_VARIABLES).filter((found) => urlPassword(found.value) !== undefined);

let cache: string;
beforeAll(() => {
  cache = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-repo-secrets-'));
});
afterAll(() => fs.rmSync(cache, { recursive: true, force: true }));

/** A production environment that each loader accepts, with `name` set to `value`. */
function productionEnv(name: string, value: string): NodeJS.ProcessEnv {
  // Notifications needs its Web Push key pair in production: a fresh one, never one written down.
  const vapid = newVapidKeys();
  return {
    APP_ENV: 'production',
    NODE_ENV: 'production',
    SAFARSAATHI_CACHE: cache,
    INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    [name]: value,
  };
}

test('the configuration reads INTERNAL_HMAC_SECRET and the data stores by URL (the scan looks for the right names)', () => {
  expect(Object.keys(LOADERS).sort()).toEqual(
    deployTargets()
      .map((d) => d.name)
      .sort(),
  );
  expect(SECRET_VARIABLES).toContain('INTERNAL_HMAC_SECRET');
  expect(URL_VARIABLES).toEqual(expect.arrayContaining(['MONGO_URL', 'REDIS_URL', 'SMTP_URL']));
  expect(readers.get('SMTP_URL')).toEqual(['notifications']);
  expect(readers.get('INTERNAL_HMAC_SECRET')).toHaveLength(Object.keys(LOADERS).length);
});

test('the scan finds the secrets the repository ships (the example overlay and its URLs)', () => {
  const example = fs.readFileSync(
    path.join(ROOT, 'deploy/kubernetes/overlays/example/secrets.example.env'),
    'utf8',
  );
  const placeholder = /^INTERNAL_HMAC_SECRET=(.+)$/m.exec(example)![1]!;
  expect(secrets).toContainEqual({
    name: 'INTERNAL_HMAC_SECRET',
    value: placeholder,
    where: expect.stringMatching(/secrets\.example\.env:\d+$/),
  });
  for (const name of ['MONGO_URL', 'REDIS_URL', 'SMTP_URL']) {
    expect(
      urls.some(
        (found) => found.name === name && found.where.startsWith('deploy/kubernetes/overlays/example/'),
      ),
    ).toBe(true);
  }
});

test('every loader starts in production with a random secret and URLs without a published password', () => {
  for (const [deployable, { load }] of Object.entries(LOADERS)) {
    const password = randomBytes(12).toString('hex');
    const env = {
      ...productionEnv('MONGO_URL', `mongodb://safarsaathi:${password}@mongo-0.mongo:27017/?replicaSet=rs0`),
      REDIS_URL: `redis://:${password}@redis:6379`,
      SMTP_URL: `smtp://apikey:${password}@smtp.mail.test:587`,
    };
    let problem = 'none';
    try {
      load(env);
    } catch (error) {
      problem = String(error);
    }
    expect([deployable, problem]).toEqual([deployable, 'none']);
  }
});

describe.each([...secrets, ...urls].map((found) => [`${found.name} at ${found.where}`, found] as const))(
  '%s',
  (_label, found) => {
    test.each(readers.get(found.name)!)('%s refuses it in production', (deployable) => {
      let error: unknown;
      try {
        LOADERS[deployable]!.load(productionEnv(found.name, found.value));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.join('\n')).toMatch(new RegExp(`^${found.name}: `, 'm'));
    });
  },
);
