/**
 * `npm run check:deploy` (also a tier of `npm test`): checks the deployment files with the real tools,
 * offline, and builds nothing it cannot run.
 *
 * - `docker compose config` (Docker Compose v2, built from its Go module when missing: no engine needed)
 *   accepts docker-compose.yml with and without the observability profile, lists every deployable, and
 *   refuses a broken copy (so the check is not vacuous);
 * - `kustomize build` renders deploy/kubernetes/base and every overlay, and `kubernetes-validate` (the
 *   Kubernetes JSON schemas bundled in a PyPI package) validates every rendered resource strictly against
 *   the newest and the oldest Kubernetes version we support; a broken resource is refused;
 * - the rendered manifests hold what issue 20 asks (scripts/k8s-checks.ts): TRUST_PROXY on the gateway and
 *   every service, NetworkPolicies that let only the ingress reach the gateway, only the gateway the
 *   services and only the services their data stores, and no overlay secret that production would accept
 *   (the real config loaders are run on each pod's environment); each check is also shown to fail on a
 *   copy broken on purpose.
 *
 * Tools are installed once under ~/.cache/safarsaathi/tools (SAFARSAATHI_CACHE): Go builds compose and
 * kustomize from the Go module proxy, a Python venv holds kubernetes-validate. Needs Go and python3 (venv).
 * `--json FILE` writes { passed, failed } for scripts/test.ts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigError, baseEnvSchema, loadConfig } from '../platform/src/config';
import { deployTargets } from './deploy-targets';
import { newVapidKeys } from '../services/notifications/src/config';
import { networkPolicyProblems, placeholderSecretProblems, trustProxyProblems, type Doc } from './k8s-checks';

const ROOT = path.resolve(__dirname, '..');
const CACHE = process.env.SAFARSAATHI_CACHE ?? path.join(os.homedir(), '.cache', 'safarsaathi');
const TOOLS = path.join(CACHE, 'tools');

export const COMPOSE_VERSION = 'v2.40.3';
export const KUSTOMIZE_VERSION = 'v5.8.0';
export const KUBERNETES_VALIDATE_VERSION = '1.37.0';
/** Validated against the newest schemas the package bundles and the oldest version we support. */
const KUBERNETES_VERSIONS = ['1.37', '1.30'];

function log(message: string): void {
  process.stdout.write(`[check:deploy] ${message}\n`);
}

function run(
  command: string,
  args: string[],
  options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {},
) {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    input: options.input,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    status: result.status ?? 1,
    stdout: result.stdout ?? '',
    stderr: (result.stderr ?? '') + (result.error ? String(result.error) : ''),
  };
}

function need(command: string, hint: string): void {
  if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
    throw new Error(`${command} is needed (${hint})`);
}

/** Docker Compose v2 as a standalone binary. `go install` refuses the module (its go.mod has exclude directives), so it is built inside a copy of its source. */
export function composeBinary(): string {
  const binary = path.join(TOOLS, `docker-compose-${COMPOSE_VERSION}`);
  if (fs.existsSync(binary)) return binary;
  need('go', 'Go 1.24+, https://go.dev/dl');
  log(`building Docker Compose ${COMPOSE_VERSION} from the Go module proxy (once, a few minutes)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'compose-build-'));
  try {
    execFileSync('go', ['mod', 'init', 'compose-download'], { cwd: work, stdio: 'ignore' });
    const info = JSON.parse(
      execFileSync('go', ['mod', 'download', '-json', `github.com/docker/compose/v2@${COMPOSE_VERSION}`], {
        cwd: work,
        encoding: 'utf8',
      }),
    ) as { Dir: string };
    const source = path.join(work, 'src');
    fs.cpSync(info.Dir, source, { recursive: true });
    fs.chmodSync(source, 0o755);
    execFileSync('chmod', ['-R', 'u+w', source]);
    fs.mkdirSync(TOOLS, { recursive: true });
    execFileSync(
      'go',
      [
        'build',
        '-trimpath',
        '-ldflags',
        `-s -w -X github.com/docker/compose/v2/internal.Version=${COMPOSE_VERSION}`,
        '-o',
        `${binary}.tmp`,
        './cmd',
      ],
      {
        cwd: source,
        stdio: 'inherit',
        env: { ...process.env, CGO_ENABLED: '0', GOFLAGS: '-buildvcs=false' },
      },
    );
    fs.renameSync(`${binary}.tmp`, binary);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

export function kustomizeBinary(): string {
  const binary = path.join(TOOLS, `kustomize-${KUSTOMIZE_VERSION}`);
  if (fs.existsSync(binary)) return binary;
  need('go', 'Go 1.24+, https://go.dev/dl');
  log(`building kustomize ${KUSTOMIZE_VERSION} from the Go module proxy (once)`);
  const gobin = fs.mkdtempSync(path.join(os.tmpdir(), 'kustomize-'));
  try {
    execFileSync('go', ['install', `sigs.k8s.io/kustomize/kustomize/v5@${KUSTOMIZE_VERSION}`], {
      stdio: 'inherit',
      env: { ...process.env, GOBIN: gobin, CGO_ENABLED: '0' },
    });
    fs.mkdirSync(TOOLS, { recursive: true });
    fs.copyFileSync(path.join(gobin, 'kustomize'), `${binary}.tmp`);
    fs.chmodSync(`${binary}.tmp`, 0o755);
    fs.renameSync(`${binary}.tmp`, binary);
  } finally {
    fs.rmSync(gobin, { recursive: true, force: true });
  }
  return binary;
}

export function kubernetesValidateBinary(): string {
  const venv = path.join(TOOLS, `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`);
  const binary = path.join(venv, 'bin', 'kubernetes-validate');
  if (fs.existsSync(binary)) return binary;
  need('python3', 'Python 3 with venv: apt-get install python3-venv');
  log(`installing kubernetes-validate ${KUBERNETES_VALIDATE_VERSION} from PyPI into a venv (once)`);
  fs.rmSync(venv, { recursive: true, force: true });
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(
    path.join(venv, 'bin', 'pip'),
    ['install', '--quiet', `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`],
    { stdio: 'inherit' },
  );
  return binary;
}

export interface Check {
  name: string;
  run: () => void;
}

export function composeChecks(): Check[] {
  const compose = composeBinary();
  const file = path.join(ROOT, 'docker-compose.yml');
  // As an operator's .env would: the compose file refuses to start without a secret of their own.
  const vapid = newVapidKeys();
  const operatorEnv = {
    INTERNAL_HMAC_SECRET: randomBytes(32).toString('hex'),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  const config = (args: string[], composeFile = file, env: NodeJS.ProcessEnv = operatorEnv) =>
    run(compose, ['-f', composeFile, '--project-directory', ROOT, ...args], { env });
  const expectOk = (result: ReturnType<typeof run>, what: string) => {
    if (result.status !== 0) throw new Error(`${what} failed:\n${result.stderr || result.stdout}`);
    return result.stdout;
  };
  return [
    {
      name: 'docker compose config accepts docker-compose.yml',
      run: () => void expectOk(config(['config', '--quiet']), 'docker compose config'),
    },
    {
      name: 'docker compose config refuses to run without INTERNAL_HMAC_SECRET (no shared default secret)',
      run: () => {
        const result = config(['config', '--quiet'], file, { ...operatorEnv, INTERNAL_HMAC_SECRET: '' });
        if (result.status === 0 || !/INTERNAL_HMAC_SECRET/.test(result.stderr))
          throw new Error('docker compose config accepted a missing INTERNAL_HMAC_SECRET');
      },
    },
    {
      name: 'docker compose config refuses to run without the Web Push key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY)',
      run: () => {
        for (const missing of ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']) {
          const result = config(['config', '--quiet'], file, { ...operatorEnv, [missing]: '' });
          if (result.status === 0 || !new RegExp(missing).test(result.stderr))
            throw new Error(`docker compose config accepted a missing ${missing}`);
        }
      },
    },
    {
      name: 'docker compose --profile observability config accepts it too',
      run: () =>
        void expectOk(
          config(['--profile', 'observability', 'config', '--quiet']),
          'docker compose --profile observability config',
        ),
    },
    {
      name: 'docker compose lists every deployable, and Prometheus and Grafana only with the profile',
      run: () => {
        const plain = expectOk(config(['config', '--services']), 'config --services')
          .split('\n')
          .filter(Boolean);
        const observed = expectOk(
          config(['--profile', 'observability', 'config', '--services']),
          'config --services',
        )
          .split('\n')
          .filter(Boolean);
        for (const target of deployTargets())
          if (!plain.includes(target.name)) throw new Error(`${target.name} is not a compose service`);
        if (plain.includes('prometheus') || plain.includes('grafana'))
          throw new Error('the observability tools start without their profile');
        for (const tool of ['prometheus', 'grafana'])
          if (!observed.includes(tool)) throw new Error(`${tool} is missing from the observability profile`);
      },
    },
    {
      name: 'docker compose config refuses a broken copy (a deployable waiting for a profiled service)',
      run: () => {
        const broken = path.join(ROOT, '.stack', 'compose-broken.yml');
        fs.mkdirSync(path.dirname(broken), { recursive: true });
        fs.writeFileSync(
          broken,
          fs
            .readFileSync(file, 'utf8')
            .replace(
              /( {2}auth:\n(?: {4}.*\n)*?)( {4}environment:)/,
              '$1    depends_on:\n      grafana:\n        condition: service_healthy\n$2',
            ),
        );
        try {
          const result = config(['config', '--quiet'], broken);
          if (result.status === 0)
            throw new Error('docker compose accepted a service depending on a disabled one');
        } finally {
          fs.rmSync(broken, { force: true });
        }
      },
    },
  ];
}

export function kubernetesChecks(): Check[] {
  const kustomize = kustomizeBinary();
  const validate = kubernetesValidateBinary();
  const kubernetesDir = path.join(ROOT, 'deploy', 'kubernetes');
  const overlays = fs
    .readdirSync(path.join(kubernetesDir, 'overlays'))
    .map((name) => path.join('overlays', name));
  const render = (dir: string) => {
    const result = run(kustomize, ['build', path.join(kubernetesDir, dir)]);
    if (result.status !== 0) throw new Error(`kustomize build ${dir} failed:\n${result.stderr}`);
    return result.stdout;
  };
  const validateYaml = (yaml: string, version: string) => {
    const file = path.join(ROOT, '.stack', `kubernetes-${process.pid}.yaml`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, yaml);
    try {
      return run(validate, ['--strict', '--quiet', '-k', version, file]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  };
  const checks: Check[] = [];
  for (const dir of ['base', ...overlays]) {
    checks.push({
      name: `kustomize build ${dir} renders, and kubernetes-validate --strict accepts every resource (Kubernetes ${KUBERNETES_VERSIONS.join(', ')})`,
      run: () => {
        const yaml = render(dir);
        const kinds = yaml.match(/^kind: /gm)?.length ?? 0;
        if (kinds < deployTargets().length * 4) throw new Error(`${dir}: only ${kinds} resources rendered`);
        for (const version of KUBERNETES_VERSIONS) {
          const result = validateYaml(yaml, version);
          if (result.status !== 0)
            throw new Error(`${dir} against ${version}:\n${result.stdout}${result.stderr}`);
        }
      },
    });
  }
  const docsOf = (yaml: string) => parseAllDocuments(yaml).map((doc) => doc.toJSON() as Doc);
  const none = (what: string, problems: string[]) => {
    if (problems.length > 0) throw new Error(`${what}:\n  ${problems.join('\n  ')}`);
  };
  for (const dir of ['base', ...overlays]) {
    checks.push({
      name: `${dir}: TRUST_PROXY is set on the gateway (the ingress hop) and on every service (the gateway hop)`,
      run: () => none(dir, trustProxyProblems(docsOf(render(dir)))),
    });
    checks.push({
      name: `${dir}: NetworkPolicies deny by default; only the ingress reaches the gateway, only the gateway the services, only Prometheus the metrics, only the deployables their data stores`,
      run: () => none(dir, networkPolicyProblems(docsOf(render(dir)))),
    });
  }
  for (const dir of overlays) {
    checks.push({
      name: `${dir}: production refuses the secrets the overlay ships (each deployable's real config loader on its pod's environment)`,
      run: () => none(dir, placeholderSecretProblems(docsOf(render(dir)))),
    });
    checks.push({
      name: `${dir}: loadConfig with APP_ENV=production refuses the INTERNAL_HMAC_SECRET of every env file of the overlay`,
      run: () => {
        const envFiles = fs
          .readdirSync(path.join(kubernetesDir, dir))
          .filter((file) => file.endsWith('.env'));
        const secrets = envFiles.flatMap((file) =>
          [
            ...fs
              .readFileSync(path.join(kubernetesDir, dir, file), 'utf8')
              .matchAll(/^INTERNAL_HMAC_SECRET=(.*)$/gm),
          ].map((m) => ({ file, value: m[1]! })),
        );
        if (secrets.length === 0)
          throw new Error(`${dir}: no INTERNAL_HMAC_SECRET in ${envFiles.join(', ') || 'any .env file'}`);
        for (const { file, value } of secrets) {
          let refusal: unknown;
          try {
            loadConfig(dir, baseEnvSchema, { APP_ENV: 'production', INTERNAL_HMAC_SECRET: value });
          } catch (error) {
            refusal = error;
          }
          if (!(refusal instanceof ConfigError))
            throw new Error(`${dir}/${file}: production starts with INTERNAL_HMAC_SECRET=${value}`);
        }
      },
    });
  }
  checks.push({
    name: 'the manifest checks fail on copies broken on purpose (no TRUST_PROXY, no default deny, no NetworkPolicy, a random secret in the overlay)',
    run: () => {
      const overlay = overlays[0];
      if (!overlay) throw new Error('no overlay to break');
      const docs = () => docsOf(render(overlay));
      const expectProblems = (what: string, problems: string[], pattern: RegExp) => {
        if (!problems.some((p) => pattern.test(p)))
          throw new Error(`${what}: not caught (${problems.join('; ') || 'no problem reported'})`);
      };
      const containersOf = (doc: Doc) =>
        (doc.spec as { template: { spec: { containers: Array<{ env?: Array<{ name: string }> }> } } })
          .template.spec.containers;
      const withoutTrust = docs();
      for (const doc of withoutTrust.filter(
        (d) => d.kind === 'Deployment' && d.metadata.name === 'gateway',
      )) {
        for (const container of containersOf(doc))
          container.env = container.env?.filter((e) => e.name !== 'TRUST_PROXY');
      }
      expectProblems(
        'a gateway without TRUST_PROXY',
        trustProxyProblems(withoutTrust),
        /^gateway: TRUST_PROXY is not set/,
      );
      const twoHops = docs();
      for (const doc of twoHops.filter((d) => d.kind === 'Deployment' && d.metadata.name === 'auth')) {
        for (const container of containersOf(doc))
          container.env = container.env?.map((e) => (e.name === 'TRUST_PROXY' ? { ...e, value: '2' } : e));
      }
      expectProblems('a service trusting two hops', trustProxyProblems(twoHops), /^auth: TRUST_PROXY=2/);
      expectProblems(
        'no NetworkPolicy',
        networkPolicyProblems(docs().filter((d) => d.kind !== 'NetworkPolicy')),
        /no NetworkPolicy/,
      );
      expectProblems(
        'no default deny',
        networkPolicyProblems(
          docs().filter((d) => !(d.kind === 'NetworkPolicy' && d.metadata.name === 'default-deny')),
        ),
        /another pod of the namespace.*: allowed, should be refused/,
      );
      const randomSecret = docs();
      for (const secret of randomSecret.filter((d) => d.kind === 'Secret')) {
        const data = secret.data as Record<string, string>;
        data.INTERNAL_HMAC_SECRET = Buffer.from(randomBytes(32).toString('hex')).toString('base64');
      }
      expectProblems(
        'an overlay shipping a random secret',
        placeholderSecretProblems(randomSecret),
        /production does not refuse the INTERNAL_HMAC_SECRET/,
      );
    },
  });
  checks.push({
    name: 'kubernetes-validate refuses a broken resource (the check is not vacuous)',
    run: () => {
      const broken = render('base')
        .replace('revisionHistoryLimit: 5', 'revisionHistoryLimit: five')
        .replace('readinessProbe:', 'readinesProbe:');
      const result = validateYaml(broken, KUBERNETES_VERSIONS[0]!);
      if (result.status === 0)
        throw new Error(
          'kubernetes-validate accepted a Deployment with a misspelt field and a string for a number',
        );
    },
  });
  return checks;
}

function main(): void {
  const jsonAt = process.argv.indexOf('--json');
  const jsonFile = jsonAt >= 0 ? process.argv[jsonAt + 1] : undefined;
  let passed = 0;
  let failed = 0;
  const groups: Array<() => Check[]> = [composeChecks, kubernetesChecks];
  for (const group of groups) {
    let checks: Check[];
    try {
      checks = group();
    } catch (error) {
      failed += 1;
      log(`FAIL preparing the tools: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const check of checks) {
      try {
        check.run();
        passed += 1;
        log(`ok   ${check.name}`);
      } catch (error) {
        failed += 1;
        log(`FAIL ${check.name}\n${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  log(`${passed} passed, ${failed} failed`);
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ passed, failed }));
  process.exit(failed === 0 ? 0 : 1);
}

if (require.main === module) main();
