/**
 * Shutdown order: stop taking requests, let consumers finish the message in hand, publish what they staged
 * in the outbox, and only then close the connections. An event staged by a handler still running when
 * `stop()` is called is on Kafka when `stop()` resolves.
 */
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { TOPICS } from '@safarsaathi/contracts';
import { baseEnvSchema, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { EventBus, ensureTopics } from '../src/kafka/bus';
import { outboxEvent, withEvents } from '../src/outbox';
import { startService } from '../src/service';
import { TopicRecorder, testDatabase, waitFor } from '../src/testing';
import { noteModel } from './fixtures/outbox-model';
import { testEnv } from '../../test/stack';

test('a handler running when stop() is called finishes, and the event it staged is published before stop() resolves', async () => {
  const bus = new EventBus({
    clientId: 'shutdown-test',
    brokers: process.env.KAFKA_BROKERS!.split(','),
    logger: createLogger('shutdown-test', 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await ensureTopics(bus.admin(), process.env.KAFKA_TOPIC_PREFIX);
  await bus.connect();
  const recorder = await TopicRecorder.start([TOPICS.authUsers]);
  const key = `shutdown-${randomUUID()}`;
  const staged = outboxEvent('auth', 'user_deleted', key, { userId: key, email: 'gone@example.test' });
  let handlerStarted = false;
  let handlerFinished = false;
  const config = loadConfig(
    'support',
    baseEnvSchema.extend({ PORT: z.coerce.number().int().min(0).default(0) }),
    // A group of its own: other tests' case_created events are skipped by key below.
    testEnv({
      MONGO_DB: testDatabase('shutdown'),
      KAFKA_GROUP_SUFFIX: `-shutdown-${randomUUID().slice(0, 8)}`,
      LOG_LEVEL: 'silent',
    }),
  );
  const service = await startService('support', config, (deps) => {
    const notes = noteModel(deps.mongo);
    return {
      routes: Router(),
      outboxModels: [notes],
      subscriptions: { topics: [TOPICS.supportCases], ignores: ['case_updated', 'case_replied'] },
      handlers: {
        case_created: async (event) => {
          if (event.key !== key) return;
          handlerStarted = true;
          // Still working when the shutdown begins.
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          const note = await notes.create({ text: 'written while stopping', ...withEvents([staged]) });
          deps.flushOutbox({ model: notes, id: note._id, events: [staged] });
          handlerFinished = true;
        },
      },
    };
  });
  try {
    await bus.publish('case_created', key, {
      caseId: 'SS-SHUTDOWN',
      userId: null,
      emailAddress: 'someone@example.test',
      issueType: 'Other',
    });
    await waitFor(async () => (handlerStarted ? true : undefined), 30_000, 20);
  } finally {
    await service.stop();
  }
  expect(handlerFinished).toBe(true);
  // Published by the stopping service itself (nothing else runs that could publish it: no later start, no sweep).
  expect(
    await waitFor(async () => recorder.find((event) => event.id === staged.id), 5_000, 50),
  ).toBeDefined();
  await recorder.stop();
  await bus.disconnect();
});
