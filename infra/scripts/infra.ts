/**
 * Local infrastructure without Docker (design brief §2): Kafka 3.9 from Maven Central jars, FerretDB built
 * with Go, Debian's redis-server and an SMTP catcher. `tsx infra/scripts/infra.ts up|down|status|install`.
 *
 * Idempotent: `up` starts only what is not answering and waits until each component really answers.
 * Data lives under `.stack/` in the checkout; downloaded jars and the Go build are cached in
 * `~/.cache/safarsaathi/` so a fresh clone reuses them.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  FERRETDB_DIR,
  KAFKA_LIBS,
  KAFKA_VERSION,
  CACHE,
  ferretDbBinary,
  ferretDbLaunch,
  kafkaLaunch,
  redisLaunch,
  ROOT,
  type Launch,
} from './launch';
import { probeKafka, probeMongo, probeRedis, probeSmtp, createTopics } from './probes';
import { localStackUrls, LOCAL_PORTS } from './stack-urls';

const STACK = path.join(ROOT, '.stack');
const LOGS = path.join(STACK, 'logs');
const PIDS = path.join(STACK, 'pids');

type Component = 'redis' | 'ferretdb' | 'kafka' | 'smtp';
const COMPONENTS: Component[] = ['redis', 'ferretdb', 'kafka', 'smtp'];

function log(message: string): void {
  process.stdout.write(`[infra] ${message}\n`);
}

function fail(message: string): never {
  process.stderr.write(`[infra] ${message}\n`);
  process.exit(1);
}

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function isRootOnDebian(): boolean {
  return process.getuid?.() === 0 && fs.existsSync('/etc/debian_version') && has('apt-get');
}

/**
 * Debian packages the local stack and the tests need (command → package): the browser tests' Chromium, and
 * poppler's pdftotext/pdftoppm and zbarimg, which read back the printed card and pass (traveller-card.int).
 */
const APT_PACKAGES: Record<string, string> = {
  'redis-server': 'redis-server',
  chromium: 'chromium',
  pdftotext: 'poppler-utils',
  zbarimg: 'zbar-tools',
};

function aptInstall(packages: string[]): void {
  if (packages.length === 0) return;
  log(`apt-get install ${packages.join(' ')}`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

function installPrerequisites(): void {
  const missingApt = Object.entries(APT_PACKAGES)
    .filter(([command]) => !has(command))
    .map(([, pkg]) => pkg);
  if (missingApt.length > 0) {
    if (isRootOnDebian()) aptInstall(missingApt);
    else
      fail(
        `missing ${missingApt.join(', ')}: install them (sudo apt-get install ${missingApt.join(' ')}) or use \`docker compose up\``,
      );
  }
  requireTools();
  fetchKafka();
  buildFerretDb();
}

function requireTools(): void {
  const needs: Array<[string, string]> = [
    ['java', 'a Java 17+ runtime (apt-get install openjdk-17-jre-headless)'],
    ['mvn', 'Maven (apt-get install maven)'],
    ['go', 'Go 1.24+ (https://go.dev/dl)'],
    ['redis-server', 'Redis (apt-get install redis-server)'],
  ];
  for (const [command, what] of needs) {
    if (!has(command))
      fail(
        `missing ${command}: install ${what}, run \`npm run infra:install\`, or use \`docker compose up\``,
      );
  }
}

function fetchKafka(): void {
  if (fs.existsSync(KAFKA_LIBS) && fs.readdirSync(KAFKA_LIBS).some((f) => f.startsWith('kafka_2.13'))) return;
  log(`fetching Kafka ${KAFKA_VERSION} jars from Maven Central into ${KAFKA_LIBS}`);
  execFileSync(
    'mvn',
    ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${KAFKA_LIBS}`, '-DincludeScope=runtime'],
    { cwd: path.join(ROOT, 'infra', 'kafka'), stdio: 'inherit' },
  );
}

interface SourcePatches {
  module: string;
  version: string;
  patches: Array<{ file: string; from: string; to: string; why: string }>;
}

/**
 * FerretDB's module source with infra/ferretdb/patches.json applied (each patch says why). A patch whose
 * text is no longer found fails the build: a version bump must look at it again.
 */
function patchedFerretDbSource(): { module: string; dir: string } {
  const spec = JSON.parse(fs.readFileSync(path.join(FERRETDB_DIR, 'patches.json'), 'utf8')) as SourcePatches;
  const download = execFileSync('go', ['mod', 'download', '-json', `${spec.module}@${spec.version}`], {
    cwd: FERRETDB_DIR,
  });
  const { Dir: pristine } = JSON.parse(download.toString()) as { Dir: string };
  const dir = path.join(CACHE, 'src', `ferretdb-${spec.version}-patched`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(pristine, dir, { recursive: true });
  for (const patch of spec.patches) {
    const file = path.join(dir, patch.file);
    fs.chmodSync(file, 0o644); // the module cache is read-only
    const text = fs.readFileSync(file, 'utf8');
    if (!text.includes(patch.from)) fail(`FerretDB patch no longer applies to ${patch.file}: ${patch.from}`);
    fs.writeFileSync(file, text.replace(patch.from, patch.to));
  }
  return { module: spec.module, dir };
}

function buildFerretDb(): string {
  const binary = ferretDbBinary();
  if (fs.existsSync(binary)) return binary;
  log('building FerretDB (first time only, a few minutes)');
  fs.mkdirSync(path.dirname(binary), { recursive: true });
  const source = patchedFerretDbSource();
  // Built in a scratch copy whose go.mod points the module at the patched source.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ferretdb-build-'));
  try {
    for (const file of ['go.mod', 'go.sum', 'main.go'])
      fs.copyFileSync(path.join(FERRETDB_DIR, file), path.join(work, file));
    execFileSync('go', ['mod', 'edit', `-replace=${source.module}=${source.dir}`], {
      cwd: work,
      stdio: 'inherit',
    });
    execFileSync('go', ['build', '-o', binary, '.'], {
      cwd: work,
      stdio: 'inherit',
      env: { ...process.env, CGO_ENABLED: '0' },
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return binary;
}

function pidFile(component: Component): string {
  return path.join(PIDS, `${component}.pid`);
}

function readPid(component: Component): number | undefined {
  try {
    const pid = Number(fs.readFileSync(pidFile(component), 'utf8').trim());
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

function startDetached(component: Component, { command, args, cwd }: Launch): void {
  fs.mkdirSync(LOGS, { recursive: true });
  fs.mkdirSync(PIDS, { recursive: true });
  const out = fs.openSync(path.join(LOGS, `${component}.log`), 'a');
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', out, out] });
  child.unref();
  fs.writeFileSync(pidFile(component), String(child.pid));
  log(`${component} started (pid ${child.pid}, log .stack/logs/${component}.log)`);
}

async function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function waitFor(
  component: Component,
  probe: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  const logFile = path.join(LOGS, `${component}.log`);
  const tail = fs.existsSync(logFile)
    ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')
    : '';
  fail(`${component} did not answer within ${timeoutMs / 1000}s. Last log lines:\n${tail}`);
}

const urls = localStackUrls();
const probes: Record<Component, () => Promise<boolean>> = {
  redis: () => probeRedis(urls.REDIS_URL),
  ferretdb: () => probeMongo(urls.MONGO_URL),
  kafka: () => probeKafka(urls.KAFKA_BROKERS),
  smtp: () => probeSmtp(urls.SMTP_URL),
};

function startRedis(): void {
  startDetached('redis', redisLaunch(LOCAL_PORTS.redis, path.join(STACK, 'redis')));
}

function startFerretDb(): void {
  startDetached('ferretdb', ferretDbLaunch(LOCAL_PORTS.mongo, path.join(STACK, 'ferretdb'), buildFerretDb()));
}

function startKafka(): void {
  fetchKafka();
  startDetached(
    'kafka',
    kafkaLaunch(LOCAL_PORTS.kafka, LOCAL_PORTS.kafkaController, path.join(STACK, 'kafka')),
  );
}

function startSmtp(): void {
  startDetached('smtp', {
    command: process.execPath,
    args: [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(ROOT, 'infra', 'smtp', 'catcher.ts'),
    ],
    cwd: ROOT,
  });
}

const starters: Record<Component, () => void> = {
  redis: startRedis,
  ferretdb: startFerretDb,
  kafka: startKafka,
  smtp: startSmtp,
};
const portOf: Record<Component, number> = {
  redis: LOCAL_PORTS.redis,
  ferretdb: LOCAL_PORTS.mongo,
  kafka: LOCAL_PORTS.kafka,
  smtp: LOCAL_PORTS.smtp,
};

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while this process alone holds the stack's start lock (a directory: mkdir is atomic). Test
 * runs start side by side (the integration halves) and each brings the stack up: without the lock both saw
 * Kafka still starting, both launched it, and the second's storage format failed on the first's lock. A
 * lock whose holder has died is taken over.
 */
async function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(STACK, 'up.lock');
  const holderFile = path.join(lock, 'pid');
  fs.mkdirSync(STACK, { recursive: true });
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(holderFile, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.existsSync(holderFile) ? fs.readFileSync(holderFile, 'utf8') : NaN);
      const stat = fs.statSync(lock, { throwIfNoEntry: false });
      // A holder that has not written its pid yet is given a moment before it counts as dead.
      if (stat && !processAlive(holder) && Date.now() - stat.mtimeMs > 5_000)
        fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) fail(`another process holds ${lock} (pid ${holder})`);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function up(): Promise<void> {
  if (process.env.KAFKA_BROKERS && process.env.MONGO_URL && process.env.REDIS_URL && process.env.SMTP_URL) {
    log('KAFKA_BROKERS, MONGO_URL, REDIS_URL and SMTP_URL are set: using them, starting nothing');
    return;
  }
  await exclusively(startMissing);
}

async function startMissing(): Promise<void> {
  installPrerequisitesIfPossible();
  for (const component of COMPONENTS) {
    if (await probes[component]()) {
      log(`${component} already answering`);
      continue;
    }
    if (await portOpen(portOf[component])) {
      fail(
        `port ${portOf[component]} is taken by something that is not ${component}; stop it or set the *_URL variables`,
      );
    }
    starters[component]();
  }
  await Promise.all(COMPONENTS.map((c) => waitFor(c, probes[c], c === 'kafka' ? 90_000 : 30_000)));
  await createTopics(urls.KAFKA_BROKERS);
  log(
    `ready: ${Object.entries(urls)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
}

function installPrerequisitesIfPossible(): void {
  const missing = Object.keys(APT_PACKAGES).filter((c) => c === 'redis-server' && !has(c));
  if (missing.length > 0 && isRootOnDebian()) aptInstall(missing);
  requireTools();
}

export async function down(): Promise<void> {
  // Reverse order: the catcher and Kafka first, Redis last.
  for (const component of [...COMPONENTS].reverse()) {
    const pid = readPid(component);
    if (!pid) {
      log(`${component} not running`);
      continue;
    }
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 200));
      } catch {
        break;
      }
    }
    fs.rmSync(pidFile(component), { force: true });
    log(`${component} stopped`);
  }
}

export async function status(): Promise<boolean> {
  let allUp = true;
  for (const component of COMPONENTS) {
    const ok = await probes[component]();
    allUp &&= ok;
    log(
      `${component.padEnd(8)} ${ok ? 'up' : 'down'}  pid=${readPid(component) ?? '-'}  port=${portOf[component]}`,
    );
  }
  return allUp;
}

async function main(): Promise<void> {
  const command = process.argv[2];
  switch (command) {
    case 'install':
      installPrerequisites();
      log('prerequisites installed');
      break;
    case 'up':
      await up();
      break;
    case 'down':
      await down();
      break;
    case 'status':
      process.exitCode = (await status()) ? 0 : 1;
      break;
    default:
      fail('usage: infra.ts install|up|down|status');
  }
}

if (require.main === module) {
  main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}
