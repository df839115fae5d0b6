/**
 * What the companion service's integration tests start: the whole stack in-process, a recorder of
 * companion.requests.v1, an event bus to publish other services' events, and the service's models.
 */
import { randomInt } from 'node:crypto';
import { TOPICS, type CompanionRequestView, type CompanionSubmissionInput } from '@safarsaathi/contracts';
import { EventBus, createLogger } from '@safarsaathi/platform';
import {
  TopicRecorder,
  createSignedInUser,
  waitFor,
  type ApiClient,
} from '@safarsaathi/platform/src/testing';
import { startTestStack, type TestStack } from '../../../test/stack';
import { ownerModel, type OwnerModel } from '../src/persistence/owners';
import { requestModel, type CompanionRequestRecord, type RequestModel } from '../src/persistence/requests';
import { travelPlanModel, type TravelPlanModel } from '../src/persistence/travel-plans';

export interface CompanionHarness {
  stack: TestStack;
  recorder: TopicRecorder;
  bus: EventBus;
  requests: RequestModel;
  owners: OwnerModel;
  travelPlans: TravelPlanModel;
  /** A signed-in user with their id, once companion knows their name (auth's user_registered). */
  traveller: (fullname: string) => Promise<CompanionTraveller>;
  /** The stored request, with what it has staged for the outbox. */
  stored: (caseid: string) => Promise<CompanionRequestRecord & { pendingEvents: unknown[] }>;
  /** Posts a request and waits until the relay has published what it staged (see companion.int.test.ts). */
  create: (client: ApiClient, input: CompanionSubmissionInput) => Promise<string>;
  /** The request as its owner's list shows it. */
  viewOf: (client: ApiClient, caseid: string) => Promise<CompanionRequestView>;
  stop: () => Promise<void>;
}

export type CompanionTraveller = Awaited<ReturnType<typeof createSignedInUser>> & { userId: string };

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A route of a test's own (two random three-letter codes), so search pairs its requests with no one else's. */
export function randomRoute(): { fromAirport: string; toAirport: string } {
  const code = () => Array.from({ length: 3 }, () => LETTERS[randomInt(0, 26)]).join('');
  const from = code();
  let to = code();
  while (to === from) to = code();
  return { fromAirport: from, toAirport: to };
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
  const requests = requestModel(mongo);
  const owners = ownerModel(mongo);
  const stored = async (caseid: string) =>
    (await requests.findOne({ _id: caseid }).lean<CompanionRequestRecord & { pendingEvents: unknown[] }>())!;
  return {
    stack,
    recorder,
    bus,
    requests,
    owners,
    travelPlans: travelPlanModel(mongo),
    traveller: async (fullname) => {
      const signedIn = await createSignedInUser(stack.gatewayUrl, { fullname });
      const account = await stack.auth.deps.mongo.collection('users').findOne({ email: signedIn.email });
      const userId = String(account!._id);
      await waitFor(
        async () => (await owners.findOne({ _id: userId, fullname }).lean()) ?? undefined,
        30_000,
      );
      return { ...signedIn, userId };
    },
    stored,
    create: async (client, input) => {
      const result = await client.post<{ caseid: string }>('/api/companions/requests', input);
      expect(result.status).toBe(200);
      const { caseid } = result.body;
      await waitFor(async () => ((await stored(caseid)).pendingEvents.length > 0 ? undefined : true));
      return caseid;
    },
    viewOf: async (client, caseid) => {
      const result = await client.get<CompanionRequestView[]>('/api/companions/requests');
      expect(result.status).toBe(200);
      return result.body.find((item) => item.caseid === caseid)!;
    },
    stop: async () => {
      await bus.disconnect();
      await recorder.stop();
      await stack.stop();
    },
  };
}
