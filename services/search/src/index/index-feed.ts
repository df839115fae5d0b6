/**
 * Feeds this instance's SearchIndex from Kafka. Every instance has its own consumer group and reads
 * the topics from the beginning, so each holds the whole index (rebuilt from the topics at start).
 * The instance reports ready once it has caught up with what was on the topics when it started.
 */
import { randomUUID } from 'node:crypto';
import { TOPICS } from '@safarsaathi/contracts';
import { naturallyIdempotent, type EventBus, type Logger } from '@safarsaathi/platform';
import type { SearchIndex } from './search-index';

export interface IndexFeed {
  isCaughtUp: () => boolean;
}

export async function startIndexFeed(bus: EventBus, index: SearchIndex, logger: Logger): Promise<IndexFeed> {
  // What must be read before answering searches: the end offsets of the topics right now.
  const admin = bus.admin();
  await admin.connect();
  const pending = new Map<string, number>();
  try {
    for (const topic of [TOPICS.companionRequests, TOPICS.authUsers, TOPICS.companionTrust].map((name) =>
      bus.topicName(name),
    )) {
      for (const { partition, high, low } of await admin.fetchTopicOffsets(topic)) {
        if (Number(high) > Number(low)) pending.set(`${topic}:${partition}`, Number(high) - 1);
      }
    }
  } finally {
    await admin.disconnect();
  }
  const startedAt = Date.now();
  const consumer = await bus.subscribe({
    groupId: `search-index-${randomUUID()}`,
    fromBeginning: true,
    store: naturallyIdempotent,
    handlers: {
      request_created: async (event) => index.upsert(event.data, event.occurredAt),
      // An edit shows in search as the request now is (its edit fields are not part of a result).
      request_updated: async (event) => {
        const { version: _version, updatedAt: _updatedAt, ...request } = event.data;
        index.upsert(request, event.occurredAt);
      },
      request_cancelled: async (event) => index.cancel(event.data.caseid, event.occurredAt),
      user_registered: async (event) => {
        index.setOwnerName(event.data.userId, event.data.fullname);
        index.setMemberSince(event.data.userId, event.data.registeredAt);
      },
      // Trust figures (companion.trust.v1): kept here so a result never asks another service.
      trust_updated: async (event) => index.setTrust(event.data),
      user_deleted: async (event) => index.removeOwner(event.data.userId),
      user_status_changed: async (event) =>
        index.setOwnerHidden(event.data.userId, event.data.status === 'Block'),
    },
  });
  consumer.on(consumer.events.END_BATCH_PROCESS, ({ payload }) => {
    const key = `${payload.topic}:${payload.partition}`;
    const target = pending.get(key);
    if (target !== undefined && Number(payload.lastOffset) >= target) {
      pending.delete(key);
      if (pending.size === 0)
        logger.info({ requests: index.size, ms: Date.now() - startedAt }, 'search index caught up');
    }
  });
  return { isCaughtUp: () => pending.size === 0 };
}
