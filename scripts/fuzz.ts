/**
 * `npm run test:fuzz`: property-based API fuzzing with Schemathesis over the gateway's /api/openapi.json,
 * signed out and signed in, with every check enabled. It fails on any server error (5xx), any answer
 * the published schema does not describe (status, content type, body, headers), any input the schema
 * allows that is refused or that it forbids and is accepted, and methods the paths do not offer.
 *
 * The product runs in-process like the integration tests (services and gateway on free ports of
 * 127.0.0.1, this run's own databases, topics, queue and rate-limit counters), in production mode with
 * the production limits, so it answers as it would in production and needs no shared port or lock.
 * Every service runs, chat included; a route of a service that is not deployed would be left out.
 *
 * Schemathesis is installed on first use into a venv under ~/.cache/safarsaathi (pinned version).
 * Options: --max-examples N (default 35); --explore draws new cases from --seed N instead of the fixed set
 * CI runs.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from '@safarsaathi/contracts';
import { cacheDirectory } from '../platform/src/config';
import { createSignedInUser } from '../platform/src/testing/users';
import globalSetup from '../test/global-setup';
import globalTeardown from '../test/global-teardown';
import { startTestStack, type TestStack } from '../test/stack';
import { serviceUrls } from '../gateway/src/config';

const ROOT = path.resolve(__dirname, '..');
const SCHEMATHESIS_VERSION = '4.32.5';
const OUT = path.join(ROOT, '.stack', 'fuzz');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
}

/** The pinned Schemathesis CLI, installed into its own venv the first time. */
function schemathesis(): string {
  const venv = path.join(cacheDirectory(), `schemathesis-${SCHEMATHESIS_VERSION}`);
  const cli = path.join(venv, 'bin', 'st');
  if (fs.existsSync(cli)) return cli;
  process.stdout.write(`[fuzz] installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv}\n`);
  execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(
    path.join(venv, 'bin', 'pip'),
    ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`],
    { stdio: 'inherit' },
  );
  return cli;
}

/**
 * Operations whose accepted inputs depend on rules JSON Schema cannot state, so a schema-valid request
 * may rightly be refused with 400 (positive_data_acceptance would otherwise call it a failure). Every
 * other input rule is in the published schema; the schemas of these are still never stricter than the
 * service (negative_data_rejection holds for them unchanged).
 */
const RULES_BEYOND_JSON_SCHEMA: Array<{ method: string; path: string; why: string }> = [
  {
    method: 'POST',
    path: '/api/companions/requests',
    why: 'dates not in the past, two different airports, known languages, a price unless free',
  },
  {
    method: 'PUT',
    path: '/api/companions/requests/{id}',
    why: 'an edit follows the rules of a new request: dates not in the past, two different airports, known languages',
  },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    why: "an https endpoint on a public host (the name is resolved): a push service's, never an internal address",
  },
  {
    method: 'POST',
    path: '/api/travel',
    why: 'dates not in the past, two different airports, an age of 1 to 120',
  },
  {
    method: 'PUT',
    path: '/api/travels/{id}',
    why: 'an edit follows the rules of a new plan: dates not in the past, two different airports, an age of 1 to 120',
  },
  { method: 'GET', path: '/api/search/unified', why: 'to_date not before from_date' },
  { method: 'GET', path: '/api/search/public', why: 'to_date not before from_date' },
  {
    method: 'POST',
    path: '/api/auth/register-user',
    why: 'a name with letters, a mobile number that is not a sequence',
  },
];

/** Calls that would end the fuzzing user's own session or account: left to the signed-out pass. */
const ENDS_THE_SESSION: Array<{ method: string; path: string }> = [
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'POST', path: '/api/auth/logout-others' },
  { method: 'DELETE', path: '/api/auth/sessions/{id}' },
  { method: 'DELETE', path: '/users/delete-account' },
];

/**
 * The live stream answers a session with an event stream that never ends (by design): a fuzzer's request
 * would only time out. Its signed-out answers (401) are fuzzed; the stream itself is tested in
 * gateway/test/live-events.int.test.ts.
 */
const NEVER_ENDS: Array<{ method: string; path: string }> = [{ method: 'GET', path: '/api/events' }];

const toml = (value: string) => JSON.stringify(value);

function configFile(name: string, signedIn: boolean): string {
  const lines = [
    '# Written by scripts/fuzz.ts for one run; see the reasons there.',
    'request-timeout = 30',
    '[checks]',
    'enabled = true',
  ];
  if (signedIn) lines.push('[auth.openapi.session]', 'api_key = "${FUZZ_SESSION}"');
  for (const { method, path: operationPath, why } of RULES_BEYOND_JSON_SCHEMA) {
    lines.push(
      '[[operations]]',
      `# ${why}`,
      // One name per block: several include-* keys in one block each select on their own.
      `include-name = ${toml(`${method} ${operationPath}`)}`,
      'checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "403", "404", "409", "429"]',
    );
  }
  if (signedIn) {
    for (const { method, path: operationPath } of [...ENDS_THE_SESSION, ...NEVER_ENDS]) {
      lines.push('[[operations]]', `include-name = ${toml(`${method} ${operationPath}`)}`, 'enabled = false');
    }
  }
  const file = path.join(OUT, `${name}.toml`);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

/**
 * What CI's log shows of one pass. Schemathesis closes with pytest's banner ("==== 3 warnings in 41s ===="),
 * which CI reads as pytest closing on no test executed, so the banners are never copied into the log: a
 * passing pass shows its summary's lines, a failing one its whole log, each line without the `=` rules.
 * The whole log stays in the file.
 */
function reportOf(text: string, passed: boolean, logFile: string): string {
  const lines = text
    .split('\n')
    // "==== 3 warnings in 41.2s ====" becomes "3 warnings (41.2 s)".
    .map((line) => line.replace(/^=+ ?(.*?) ?=+$/, '$1').replace(/ in (\d+(?:\.\d+)?)s$/, ' ($1 s)'))
    // "3714 generated, 3714 passed" becomes "generated 3714, passed 3714": no runner's count line.
    .map((line) => line.replace(/(\d+) (generated|passed|failed|skipped|errors?)\b/g, '$2 $1'));
  const summaryStart = lines.findIndex((line) => line.trim() === 'SUMMARY');
  const shown = passed && summaryStart >= 0 ? lines.slice(summaryStart + 1) : lines;
  return `${shown.join('\n').trim()}\n(whole log: ${path.relative(ROOT, logFile)})\n`;
}

/** Runs one pass; asynchronously, since the product under test answers from this very process. */
function runPass(
  cli: string,
  name: string,
  stack: TestStack,
  env: NodeJS.ProcessEnv,
  signedIn: boolean,
): Promise<boolean> {
  // Routes of a service that is not deployed answer 503 (documented): nothing behind them to fuzz.
  const notDeployed = Object.entries(serviceUrls(stack.gateway.config))
    .filter(([, urls]) => urls.length === 0)
    .flatMap(([service]) => ['--exclude-tag', service]);
  const maxExamples = option('max-examples', 35);
  const seed = option('seed', 20260101);
  const reportDir = path.join(OUT, name);
  fs.rmSync(reportDir, { recursive: true, force: true });
  process.stdout.write(`\n[fuzz] ${name}: up to ${maxExamples} examples per operation\n`);
  const logFile = path.join(OUT, `${name}.log`);
  const log = fs.openSync(logFile, 'w');
  const child = spawn(
    cli,
    [
      '--config-file',
      configFile(name, signedIn),
      'run',
      `${stack.gatewayUrl}/api/openapi.json`,
      '--checks',
      'all',
      '--max-examples',
      String(maxExamples),
      // CI runs the same cases every time; --explore draws new ones from --seed to look further.
      ...(process.argv.includes('--explore') ? ['--seed', String(seed)] : ['--generation-deterministic']),
      ...notDeployed,
      // One worker: with two threads Hypothesis parses lambdas' source concurrently, which Debian's Python
      // 3.11 can fail with "AST constructor recursion depth mismatch" (CPython gh-106905), a tool error.
      '--workers',
      '1',
      '--report',
      'junit',
      '--report-dir',
      reportDir,
    ],
    // Hypothesis and Schemathesis keep caches in the working directory: inside .stack, not the checkout.
    // Each pass writes its own log (the two run side by side), printed whole when it ends.
    { cwd: OUT, stdio: ['ignore', log, log], env: { ...process.env, ...env, NO_COLOR: '1' } },
  );
  const printLog = (passed: boolean) => {
    fs.closeSync(log);
    process.stdout.write(`\n[fuzz] ${name}:\n${reportOf(fs.readFileSync(logFile, 'utf8'), passed, logFile)}`);
  };
  return new Promise((resolve) => {
    child.on('error', () => {
      printLog(false);
      resolve(false);
    });
    child.on('exit', (code) => {
      printLog(code === 0);
      resolve(code === 0);
    });
  });
}

async function main(): Promise<number> {
  fs.mkdirSync(OUT, { recursive: true });
  fs.rmSync(path.join(OUT, 'result.json'), { force: true });
  const cli = schemathesis();
  await globalSetup();
  let stack: TestStack | undefined;
  try {
    stack = await startTestStack(
      {
        // Production: its answers, its limits; the development aids (which would change a setting shared
        // by everything on this Redis) are refused.
        APP_ENV: 'production',
        HOST: '127.0.0.1',
        // Schemathesis reports every server error itself; the services' start-up noise would bury it.
        LOG_LEVEL: 'fatal',
        OTP_SENDS_PER_IP_PER_HOUR: '30',
        OTP_VERIFIES_PER_IP_PER_MINUTE: '30',
        CASES_PER_IP_PER_HOUR: '10',
        SHARE_VIEWS_PER_IP_PER_MINUTE: '60',
        RATE_LIMIT_IP_PER_MINUTE: '60',
        // Not a limit but a wait: a contact call naming an unknown case id waits this long for the request
        // to reach chat's projection before answering 404. Production's wait made these three calls take
        // 320 of the signed-in pass's 340 s; the answers are the same.
        CHAT_PROJECTION_WAIT_MS: '250',
        // The same for a report naming a conversation support has not heard of (answered 404 afterwards).
        SUPPORT_PROJECTION_WAIT_MS: '250',
      },
      { withSearch: true },
    );
    const { client } = await createSignedInUser(stack.gatewayUrl, { fullname: 'Fuzz Traveller' });
    const session = client.cookie(SESSION_COOKIE)!;
    const started = Date.now();
    // Side by side, each in a process of its own with one worker (see runPass): about half the time.
    const [signedOut, signedIn] = await Promise.all([
      runPass(cli, 'signed-out', stack, {}, false),
      runPass(cli, 'signed-in', stack, { FUZZ_SESSION: session }, true),
    ]);
    process.stdout.write(
      `\n[fuzz] signed out: ${signedOut ? 'passed' : 'FAILED'}, signed in: ${signedIn ? 'passed' : 'FAILED'} ` +
        `(${Math.round((Date.now() - started) / 1000)} s); reports in ${path.relative(ROOT, OUT)}\n`,
    );
    fs.writeFileSync(
      path.join(OUT, 'result.json'),
      JSON.stringify({
        passed: [signedOut, signedIn].filter(Boolean).length,
        failed: [signedOut, signedIn].filter((ok) => !ok).length,
      }),
    );
    return signedOut && signedIn ? 0 : 1;
  } finally {
    await stack?.stop();
    await globalTeardown();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
