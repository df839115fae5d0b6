/**
 * The data catalogue (contracts/src/privacy/data-catalogue.ts) against what is really persisted: every
 * mongoose schema of every service (services/<name>/src/persistence) and of the service kit (platform/src)
 * is walked, and each field path must be in an item's `where` or in PERSISTED_NOT_PERSONAL; every field the catalogue
 * lists must still exist. A new field, collection or service fails here until someone says what it is.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import mongoose, { type Connection, type Schema } from 'mongoose';
import {
  DATA_CATALOGUE,
  PERSISTED_NOT_PERSONAL,
  OTP_POLICY,
  SESSION_LIFETIME_SECONDS,
  retentionDays,
  type DataStore,
} from '@safarsaathi/contracts';

const root = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory())
      return name === 'node_modules' || name === 'testing' ? [] : sources(full);
    return full.endsWith('.ts') ? [full] : [];
  });
}

/** Files that define a schema, with the service that owns what they persist. */
function schemaFiles(): Array<{ owner: string; file: string }> {
  const services = readdirSync(path.join(root, 'services')).flatMap((service) =>
    sources(path.join(root, 'services', service, 'src')).map((file) => ({ owner: service, file })),
  );
  const kit = sources(path.join(root, 'platform/src')).map((file) => ({ owner: 'platform', file }));
  return [...services, ...kit].filter(({ file }) => /new Schema\b/.test(readFileSync(file, 'utf8')));
}

interface Persisted {
  owner: string;
  collection: string;
  path: string;
}

/** Every leaf path of a schema, sub-schemas (single or in arrays) walked into. */
function pathsOf(schema: Schema, prefix = ''): string[] {
  const found: string[] = [];
  schema.eachPath((name, type) => {
    const full = prefix + name;
    const nested = (type as unknown as { schema?: Schema }).schema;
    if (nested) found.push(...pathsOf(nested, `${full}.`));
    else found.push(full);
  });
  return found;
}

/**
 * The models a file's exports register on a connection that never connects: each exported one-argument
 * function or class is given the connection (model factories take exactly that); anything else they do
 * fails at once (no command buffering) and is ignored.
 */
function modelsOf(file: string): Connection['models'] {
  const connection = mongoose.createConnection();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- jest's module registry, synchronously, per file
  const exports = require(file) as Record<string, unknown>;
  for (const value of Object.values(exports)) {
    if (typeof value !== 'function' || value.length !== 1) continue;
    try {
      const isClass = /^class\b/.test(Function.prototype.toString.call(value));
      const result: unknown = isClass
        ? new (value as new (c: Connection) => unknown)(connection)
        : (value as (c: Connection) => unknown)(connection);
      if (result && typeof (result as Promise<unknown>).catch === 'function')
        (result as Promise<unknown>).catch(() => undefined);
    } catch {
      // Not a model factory.
    }
  }
  return connection.models;
}

const matches = (pattern: string, value: string) => pattern === '*' || pattern === value;
const covers = (field: string, leaf: string) => leaf === field || leaf.startsWith(`${field}.`);
const mongoStores = (stores: readonly DataStore[]) =>
  stores.filter((store): store is Extract<DataStore, { fields: readonly string[] }> => 'fields' in store);

let persisted: Persisted[];
beforeAll(() => {
  mongoose.set('bufferCommands', false);
  const files = schemaFiles();
  persisted = [];
  const unreachable: string[] = [];
  for (const { owner, file } of files) {
    const models = Object.values(modelsOf(file));
    if (models.length === 0) unreachable.push(path.relative(root, file));
    for (const model of models)
      for (const leaf of pathsOf(model.schema))
        persisted.push({ owner, collection: model.collection.collectionName, path: leaf });
  }
  // A schema this walk cannot reach would escape the check: export its model factory `(connection) => model`.
  expect(unreachable).toEqual([]);
});

test('the walk finds the schemas of every service that persists', () => {
  const owners = new Set(persisted.map((entry) => entry.owner));
  expect([...owners].sort()).toEqual([
    'auth',
    'chat',
    'companion',
    'notifications',
    'platform',
    'search',
    'support',
  ]);
  expect(persisted.length).toBeGreaterThan(150);
});

test('every persisted field is in the catalogue or marked not personal', () => {
  const listed = [...DATA_CATALOGUE.flatMap((item) => mongoStores(item.where)), ...PERSISTED_NOT_PERSONAL];
  const missing = persisted.filter(
    (entry) =>
      !listed.some(
        (store) =>
          matches(store.service, entry.owner) &&
          matches(store.collection, entry.collection) &&
          store.fields.some((field) => covers(field, entry.path)),
      ),
  );
  expect(missing.map((entry) => `${entry.owner} ${entry.collection}.${entry.path}`)).toEqual([]);
});

test('every field the catalogue lists is still persisted', () => {
  const stale = [
    ...DATA_CATALOGUE.flatMap((item) => mongoStores(item.where)),
    ...PERSISTED_NOT_PERSONAL,
  ].flatMap((store) =>
    store.fields
      .filter(
        (field) =>
          !persisted.some(
            (entry) =>
              matches(store.service, entry.owner) &&
              matches(store.collection, entry.collection) &&
              (covers(field, entry.path) || covers(entry.path, field)),
          ),
      )
      .map((field) => `${store.service} ${store.collection}.${field}`),
  );
  expect(stale).toEqual([]);
});

test('items have unique ids, words, and a period or a rule for how they end', () => {
  const ids = DATA_CATALOGUE.map((item) => item.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const item of DATA_CATALOGUE) {
    expect(item.item.length).toBeGreaterThan(5);
    expect(item.purpose.length).toBeGreaterThan(10);
    expect(item.where.length).toBeGreaterThan(0);
    if (item.retention.rule === 'with_account') expect(item.enforcedBy).toBe('account_deletion');
    else expect(retentionDays(item.id)).toBeGreaterThan(0);
  }
});

test('the periods of the spec (§4), and the Redis lifetimes within them', () => {
  const minutes = (id: string) => DATA_CATALOGUE.find((item) => item.id === id)!.retention;
  expect(minutes('signin_codes')).toEqual({ rule: 'minutes', minutes: 10 });
  expect(OTP_POLICY.ttlSeconds).toBe(10 * 60);
  expect(minutes('sessions')).toEqual({ rule: 'days_after_last_use', days: 30 });
  // A session's key expires 7 days after sign-in: never later than 30 days after its last use.
  expect(SESSION_LIFETIME_SECONDS).toBeLessThanOrEqual(30 * 86_400);
  expect(retentionDays('chat_messages')).toBe(180);
  expect(retentionDays('notifications')).toBe(180);
  expect(retentionDays('support_cases')).toBe(730);
  expect(retentionDays('audit_entries')).toBe(1095);
  expect(() => retentionDays('account_email')).toThrow();
});
