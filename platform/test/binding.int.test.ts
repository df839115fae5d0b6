/** A service is not reachable from the network unless HOST says so (anyone could call it with a forged identity). */
import os from 'node:os';
import { startSupportService } from '../../services/support/src/app';
import { testDatabase } from '../src/testing';
import { testEnv } from '../../test/stack';

function externalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
}

test('a service listens on 127.0.0.1 by default', async () => {
  const address = externalAddress();
  expect(address).toBeDefined();
  const service = await startSupportService(testEnv({ MONGO_DB: testDatabase('support') }));
  try {
    expect((await fetch(`http://127.0.0.1:${service.port}/healthz`)).status).toBe(200);
    await expect(
      fetch(`http://${address}:${service.port}/healthz`, { signal: AbortSignal.timeout(3000) }),
    ).rejects.toThrow();
  } finally {
    await service.stop();
  }
});

test('HOST=0.0.0.0 (as in Docker) listens on every interface', async () => {
  const address = externalAddress()!;
  const service = await startSupportService(testEnv({ MONGO_DB: testDatabase('support'), HOST: '0.0.0.0' }));
  try {
    expect((await fetch(`http://${address}:${service.port}/healthz`)).status).toBe(200);
  } finally {
    await service.stop();
  }
});
