/**
 * `npm start`: the whole product at http://localhost:8080 in development mode. Brings the local
 * infrastructure up (unless the *_URL variables point elsewhere), builds the web app, then runs every
 * service and the gateway with prefixed logs. Ctrl+C stops the services; `npm run infra:down` stops the rest.
 */
import { execSync } from 'node:child_process';
import path from 'node:path';
import concurrently from 'concurrently';
import { up } from '../infra/scripts/infra';
import { localStackUrls } from '../infra/scripts/stack-urls';
import { cacheDirectory, machineSecret } from '../platform/src/config';
import { DEPLOYABLES } from './deployables';

const ROOT = path.resolve(__dirname, '..');

async function main(): Promise<void> {
  await up();
  if (!process.argv.includes('--no-build')) {
    process.stdout.write('[start] building the web app\n');
    execSync('npm run build:web --silent', { cwd: ROOT, stdio: 'inherit' });
  }
  const gatewayUrls = Object.fromEntries(
    DEPLOYABLES.filter((d) => d.gatewayEnv).map((d) => [d.gatewayEnv, `http://127.0.0.1:${d.port}`]),
  );
  const env: NodeJS.ProcessEnv = { APP_ENV: 'development', ...localStackUrls(), ...gatewayUrls, ...process.env };
  // Identities are signed with this machine's own random secret (made once, kept in the cache directory),
  // never with a value written in the source. Production sets INTERNAL_HMAC_SECRET itself.
  if (!env.INTERNAL_HMAC_SECRET && env.APP_ENV !== 'production') env.INTERNAL_HMAC_SECRET = machineSecret(cacheDirectory(env));
  const { result } = concurrently(
    DEPLOYABLES.map((d) => ({
      name: d.name,
      command: `node --import tsx ${d.entry}`,
      env: { ...env, PORT: String(d.port) },
      cwd: ROOT,
    })),
    { prefix: 'name', killOthersOn: ['failure'], restartTries: 0 },
  );
  setTimeout(() => process.stdout.write('\n[start] SafarSaathi is running at http://localhost:8080 (development mode)\n\n'), 4000);
  await result;
}

main().catch((error: unknown) => {
  // concurrently rejects with its commands' close events when one ended badly (Ctrl+C or SIGTERM too):
  // each service has already logged its own reason.
  if (Array.isArray(error)) process.exit(1);
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
