/** startService refuses to start when its declared subscriptions and its handlers disagree with the catalogue. */
import { Router } from 'express';
import { z } from 'zod';
import { TOPICS } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '../src/config';
import { startService } from '../src/service';
import { testDatabase } from '../src/testing';
import { testEnv } from '../../test/stack';

const config = () =>
  loadConfig(
    'support',
    baseEnvSchema.extend({ PORT: z.coerce.number() }),
    testEnv({ MONGO_DB: testDatabase('subscriptions'), METRICS_PORT: '0' }),
  );
const noop = async () => undefined;

test('a subscribed event without a handler: the service refuses to start, and what it built is stopped', async () => {
  const onStop = jest.fn(async () => undefined);
  await expect(
    startService('support', config(), () => ({
      routes: Router(),
      subscriptions: { topics: [TOPICS.authUsers], ignores: ['profile_updated'] },
      handlers: { user_registered: noop, user_deleted: noop },
      onStop,
    })),
  ).rejects.toThrow(
    'support: event subscriptions do not match the event catalogue:\n  - subscribes to auth.users.v1, which carries user_status_changed, but has no handler for it (add one, or list it under ignores)',
  );
  expect(onStop).toHaveBeenCalledTimes(1);
});

test('handlers without a declaration of what the service subscribes to: refused', async () => {
  await expect(
    startService('support', config(), () => ({ routes: Router(), handlers: { case_created: noop } })),
  ).rejects.toThrow('declares no subscriptions');
});

test('a declaration in line with the catalogue starts', async () => {
  const service = await startService('support', config(), () => ({
    routes: Router(),
    subscriptions: { topics: [TOPICS.supportCases], ignores: ['case_updated', 'case_replied'] },
    handlers: { case_created: noop },
  }));
  await service.stop();
});
