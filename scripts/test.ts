/**
 * `npm test`: the static checks (`npm run typecheck`, `npm run lint`, `npm run format:check`; each counts
 * as one test, and a failing one fails the run without stopping it), unit tests, the deployment checks
 * (scripts/check-deploy.ts: docker compose config, kustomize and kubernetes-validate, tools installed once
 * under ~/.cache/safarsaathi), integration tests against the real infrastructure (see
 * test/global-setup.ts), API fuzzing with Schemathesis (scripts/fuzz.ts), then the browser tests in Debian
 * Chromium against the whole running product. The static checks and the browser tests' web build run in the
 * background, at the lowest priority, until the integration tests end. Names the stages that failed, then
 * ends with one line 'tests: N passed, N failed'. `npm test -- --skip-e2e` leaves the browser tests out,
 * `--skip-deploy` the deployment checks, `--skip-fuzz` the fuzzing.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { webBuild } from './web-build';

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, '.stack', 'test-results');
fs.mkdirSync(RESULTS, { recursive: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const failedStages: string[] = [];

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  process.stdout.write(`\n── ${label} ──\n`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status === 0) return true;
  process.stdout.write(`── ${label}: FAILED ──\n`);
  failedStages.push(label);
  return false;
}

function jestCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numRuntimeErrorTestSuites: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
    skipped: report.numPendingTests,
  };
}

function playwrightCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

function deployCounts(file: string): Counts {
  if (!fs.existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { passed: number; failed: number };
  return { passed: report.passed, failed: report.failed, skipped: 0 };
}

/**
 * The failed tests by name, with the first lines of each error: CI keeps only the tail of a long log, and
 * the integration parts print theirs long before the end.
 */
function failedTests(): string[] {
  const lines: string[] = [];
  const firstLines = (text: string) =>
    text
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')
      .filter((line) => line.trim())
      .slice(0, 6)
      .map((line) => `      ${line.trim().slice(0, 200)}`);
  for (const file of fs.readdirSync(RESULTS).filter((name) => name.endsWith('.json'))) {
    const report = JSON.parse(fs.readFileSync(path.join(RESULTS, file), 'utf8')) as {
      testResults?: {
        name: string;
        message?: string;
        assertionResults: { status: string; fullName: string; failureMessages: string[] }[];
      }[];
      suites?: PlaywrightSuite[];
    };
    for (const suite of report.testResults ?? []) {
      const where = path.relative(ROOT, suite.name);
      const failed = suite.assertionResults.filter((test) => test.status === 'failed');
      for (const test of failed)
        lines.push(`  ${file}: ${where} › ${test.fullName}`, ...firstLines(test.failureMessages.join('\n')));
      if (!failed.length && suite.message) lines.push(`  ${file}: ${where}`, ...firstLines(suite.message));
    }
    const walk = (suite: PlaywrightSuite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests)
          if (test.status === 'unexpected')
            lines.push(
              `  ${file}: ${spec.file} › ${spec.title}`,
              ...firstLines(test.results.map((result) => result.error?.message ?? '').join('\n')),
            );
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
  return lines;
}

interface PlaywrightSuite {
  specs?: {
    file: string;
    title: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

const E2E = !process.argv.includes('--skip-e2e');
const jest = path.join(ROOT, 'node_modules', '.bin', 'jest');
const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const playwright = path.join(ROOT, 'node_modules', '.bin', 'playwright');
const outcomes: boolean[] = [];
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const add = (counts: Counts) => {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
};

for (const file of fs.readdirSync(RESULTS)) fs.rmSync(path.join(RESULTS, file), { force: true });

// CI and the production images run the same Node major (scripts/node24.sh, Dockerfile).
const NODE_MAJOR = 24;
process.stdout.write(`node ${process.version}\n`);
if (Number(process.versions.node.split('.')[0]) !== NODE_MAJOR) {
  process.stdout.write(
    `warning: this project runs on Node ${NODE_MAJOR} (\`source scripts/node24.sh\` puts it first on PATH)\n`,
  );
}

/**
 * Work that needs no machine to itself runs in the background at the lowest priority (`nice -n 19`), on the
 * CPU the tests in front leave idle (the integration tier keeps the two cores only 80-90 % busy: most of it is
 * waiting on Kafka hops), instead of minutes of its own before and after them. Measured in a CI rehearsal
 * (docs/decisions.md, "Tests"). Its log is printed when it ends.
 */
const inBackground = (label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  runQuietly(label, 'nice', ['-n', '19', command, ...args], env);

// Static checks: SWC strips types in jest and the web build, so only tsc catches a type error. Each is one
// test; the run goes on after a failure, so one log shows everything that is wrong.
const staticChecks = (async () => {
  const passed: boolean[] = [];
  for (const script of ['typecheck', 'lint', 'format:check'])
    passed.push(await inBackground(`npm run ${script}`, 'npm', ['run', '--silent', script]));
  return passed;
})();

outcomes.push(
  run('unit tests', jest, ['--selectProjects', 'unit', '--json', `--outputFile=${RESULTS}/unit.json`]),
);
add(jestCounts(`${RESULTS}/unit.json`));

if (!process.argv.includes('--skip-deploy')) {
  outcomes.push(
    run('deployment checks (docker compose config, kustomize, kubernetes-validate)', tsx, [
      'scripts/check-deploy.ts',
      '--json',
      `${RESULTS}/deploy.json`,
    ]),
  );
  add(deployCounts(`${RESULTS}/deploy.json`));
}

/**
 * The integration tier in four jest runs. Three run side by side, each in band with a third of the files
 * (--shard, balanced by test/balanced-sequencer.js) and a run id of its own (test/global-setup.ts: its own
 * databases, topics and queues, so they never share a consumer group or a document): most of an integration
 * test is waiting on Kafka hops, so three at a time keep the two cores busy (≈ 80–90 % measured; two left a
 * third of the machine idle). Then, alone, the two tests that need the machine to themselves: faults.int
 * stops and restarts Kafka, Redis and FerretDB (which would break any other run), and scale-out.int holds
 * requests to a 10 s limit while it kills instances.
 */
const INTEGRATION_SHARDS = 3;
const ALONE = 'test/(faults|scale-out)\\.int\\.test\\.ts$';
const integrationArgs = (name: string) => [
  '--selectProjects',
  'integration',
  '--runInBand',
  '--forceExit',
  '--json',
  `--outputFile=${RESULTS}/${name}.json`,
];

function runQuietly(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<boolean> {
  const logFile = path.join(RESULTS, `${label.replace(/\W+/g, '-')}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: { ...process.env, ...env },
  });
  return new Promise((resolve) => {
    const done = (passed: boolean) => {
      fs.closeSync(log);
      process.stdout.write(`\n── ${label} ──\n${fs.readFileSync(logFile, 'utf8')}`);
      if (!passed) {
        process.stdout.write(`── ${label}: FAILED ──\n`);
        failedStages.push(label);
      }
      resolve(passed);
    };
    child.on('error', () => done(false));
    child.on('exit', (code) => done(code === 0));
  });
}

// The rest awaits the parallel parts (this script is CommonJS: no top-level await).
void (async () => {
  // The web app the browser tests serve, built while the integration tests run (after the unit tests: one of
  // them reads the built files); the browser tests then start the product without building it.
  const build = webBuild(false);
  const webBuilt = E2E
    ? inBackground(
        `the web app for the browser tests (npm run ${build.script})`,
        'npm',
        ['run', '--silent', build.script],
        build.env,
      )
    : Promise.resolve(false);
  const shardNumbers = Array.from({ length: INTEGRATION_SHARDS }, (_, index) => index + 1);
  const shards = await Promise.all(
    shardNumbers.map((shard) =>
      runQuietly(`integration tests, part ${shard} of ${INTEGRATION_SHARDS}`, jest, [
        ...integrationArgs(`integration-${shard}`),
        '--shard',
        `${shard}/${INTEGRATION_SHARDS}`,
        '--testPathPatterns',
        `^(?!.*${ALONE}).*$`,
      ]),
    ),
  );
  outcomes.push(...shards);
  // The machine is left to the next tests alone: everything started in the background ends first.
  for (const passed of await staticChecks) {
    outcomes.push(passed);
    add({ passed: passed ? 1 : 0, failed: passed ? 0 : 1, skipped: 0 });
  }
  const webReady = await webBuilt;
  if (E2E && !webReady) outcomes.push(false);
  outcomes.push(
    run('integration tests that need the machine alone (faults, scale-out)', jest, [
      ...integrationArgs('integration-alone'),
      '--testPathPatterns',
      ALONE,
    ]),
  );
  for (const name of [...shardNumbers.map((shard) => `integration-${shard}`), 'integration-alone'])
    add(jestCounts(`${RESULTS}/${name}.json`));

  if (!process.argv.includes('--skip-fuzz')) {
    // Two passes (signed out, signed in); each counts as one test.
    const fuzzed = run(
      'API fuzzing (Schemathesis, every check)',
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      ['scripts/fuzz.ts'],
    );
    outcomes.push(fuzzed);
    const resultFile = path.join(ROOT, '.stack', 'fuzz', 'result.json');
    add(
      fs.existsSync(resultFile)
        ? { ...(JSON.parse(fs.readFileSync(resultFile, 'utf8')) as Omit<Counts, 'skipped'>), skipped: 0 }
        : { passed: 0, failed: 1, skipped: 0 },
    );
  }

  if (E2E) {
    outcomes.push(
      run(
        'browser tests (Playwright, Debian Chromium)',
        playwright,
        ['test', '-c', 'e2e/playwright.config.ts'],
        {
          PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/e2e.json`,
          // The product starts without building the web app when the build above passed (else it builds).
          ...(webReady ? { E2E_WEB_BUILT: '1' } : {}),
        },
      ),
    );
    add(playwrightCounts(`${RESULTS}/e2e.json`));
  }

  if (failedStages.length) process.stdout.write(`\nfailed: ${failedStages.join('; ')}\n`);
  const failures = failedTests();
  if (failures.length) process.stdout.write(`\nfailed tests:\n${failures.join('\n')}\n`);
  const ok = outcomes.every(Boolean) && totals.failed === 0;
  // The closing line in the plain form CI logs are read for: 'tests: N passed, N failed'.
  process.stdout.write(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}\n`,
  );
  process.exit(ok ? 0 : 1);
})();
