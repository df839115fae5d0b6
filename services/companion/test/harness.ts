/**
 * What the companion service's integration tests start: the whole stack in-process, a recorder of
 * companion.requests.v1, an event bus to publish other services' events, and the service's models.
 */
import { TOPICS } from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import { TopicRecorder } from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { ownerModel, type OwnerModel } from '../src/persistence/owners';
import { requestModel, type RequestModel } from '../src/persistence/requests';
import { travelPlanModel, type TravelPlanModel } from '../src/persistence/travel-plans';

export interface CompanionHarness {
  stack: TestStack;
  recorder: TopicRecorder;
  bus: EventBus;
  requests: RequestModel;
  owners: OwnerModel;
  travelPlans: TravelPlanModel;
  stop: () => Promise<void>;
}

export async function startCompanionHarness(
  clientId: string,
  env: Record<string, string> = {},
  options: { withSearch?: boolean } = {},
): Promise<CompanionHarness> {
  const stack = await startTestStack(env, options);
  const recorder = await TopicRecorder.start([TOPICS.companionRequests]);
  const bus = new EventBus({
    clientId,
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logger: createLogger(clientId, 'silent'),
    topicPrefix: process.env.KAFKA_TOPIC_PREFIX,
  });
  await bus.connect();
  const mongo = stack.companion.deps.mongo;
  return {
    stack,
    recorder,
    bus,
    requests: requestModel(mongo),
    owners: ownerModel(mongo),
    travelPlans: travelPlanModel(mongo),
    stop: async () => {
      await bus.disconnect();
      await recorder.stop();
      await stack.stop();
    },
  };
}
