/**
 * `npm start`: the whole product at http://localhost:8080 in development mode. Brings the local
 * infrastructure up (unless the *_URL variables point elsewhere), builds the web app, then runs every
 * service and the gateway with prefixed logs. Ctrl+C stops the services; `npm run infra:down` stops the rest.
 *
 * `npm run start:prod` (`--prod`): the same in production mode, from compiled JavaScript
 * (`npm run build:prod`: the web app and one bundle per deployable), with APP_ENV=production and
 * NODE_ENV=production. It needs a real INTERNAL_HMAC_SECRET (and ADMIN_EMAILS for an admin). This file is
 * then itself compiled (`dist/start.js`, scripts/build-servers.ts), so no TypeScript loader stays resident.
 * `--no-build` skips the builds.
 *
 * `INSTANCES=2 npm start` runs two instances of every service (the second on port + 100, e.g. auth on 4001
 * and 4101); the gateway spreads requests over them (gateway/src/upstreams.ts).
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import concurrently from 'concurrently';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { cacheDirectory, machineSecret } from '../platform/src/config';
import { DEPLOYABLES, type Deployable } from './deployables';
import { PRODUCTION_NODE_FLAGS, compiledEntry } from './server-bundles';
import { webBuild } from './web-build';

const ROOT = path.resolve(__dirname, '..');

const PROD = process.argv.includes('--prod');

async function main(): Promise<void> {
  if (PROD && (process.env.INTERNAL_HMAC_SECRET ?? '').length < 32) {
    throw new Error(
      'start:prod runs in production mode and needs INTERNAL_HMAC_SECRET (32+ characters), e.g.\n' +
        '  INTERNAL_HMAC_SECRET=$(openssl rand -hex 32) ADMIN_EMAILS=you@example.com npm run start:prod',
    );
  }
  await up();
  if (!process.argv.includes('--no-build')) {
    process.stdout.write(
      PROD ? '[start] building the web app and the servers\n' : '[start] building the web app\n',
    );
    const build = webBuild(PROD);
    execSync(`npm run ${build.script} --silent`, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...build.env },
    });
  }
  const instances = Number(process.env.INSTANCES ?? '1');
  if (!Number.isInteger(instances) || instances < 1 || instances > 9)
    throw new Error('INSTANCES must be a whole number from 1 to 9');
  const portsOf = (d: Deployable) =>
    d.gatewayEnv ? Array.from({ length: instances }, (_, k) => d.port + 100 * k) : [d.port];
  const gatewayUrls = Object.fromEntries(
    DEPLOYABLES.filter((d) => d.gatewayEnv).map((d) => [
      d.gatewayEnv,
      portsOf(d)
        .map((port) => `http://127.0.0.1:${port}`)
        .join(','),
    ]),
  );
  const mode = PROD ? { APP_ENV: 'production', NODE_ENV: 'production' } : { APP_ENV: 'development' };
  const env: NodeJS.ProcessEnv = { ...mode, ...localStackUrls(), ...gatewayUrls, ...process.env };
  // Identities are signed with this machine's own random secret (made once, kept in the cache directory),
  // never with a value written in the source. Production sets INTERNAL_HMAC_SECRET itself.
  if (!env.INTERNAL_HMAC_SECRET && env.APP_ENV !== 'production')
    env.INTERNAL_HMAC_SECRET = machineSecret(cacheDirectory(env));
  const { result } = concurrently(
    DEPLOYABLES.flatMap((d) =>
      portsOf(d).map((port, k) => ({
        name: k === 0 ? d.name : `${d.name}-${k + 1}`,
        command: PROD
          ? `node ${PRODUCTION_NODE_FLAGS.join(' ')} ${compiledEntry(d.entry)}`
          : `node --import tsx ${d.entry}`,
        env: { ...env, PORT: String(port) },
        cwd: ROOT,
      })),
    ),
    { prefix: 'name', killOthersOn: ['failure'], restartTries: 0 },
  );
  const modeName = PROD ? 'production mode, compiled' : 'development mode';
  setTimeout(
    () => process.stdout.write(`\n[start] SafarSaathi is running at http://localhost:8080 (${modeName})\n\n`),
    4000,
  );
  await result;
}

main().catch((error: unknown) => {
  // concurrently rejects with its commands' close events when one ended badly (Ctrl+C or SIGTERM too):
  // each service has already logged its own reason.
  if (Array.isArray(error)) process.exit(1);
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
