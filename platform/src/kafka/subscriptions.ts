/**
 * What a service's consumer group reads, declared next to its handlers (src/events/handlers.ts) and
 * checked against the event catalogue in contracts when the service starts. Kafka delivers every event
 * of a subscribed topic, so each of them must be either handled or deliberately ignored: an event type
 * added to a topic makes every subscriber of that topic refuse to start until it decides.
 */
import {
  ALL_TOPICS,
  EVENT_CATALOG,
  EVENT_TYPES,
  isEventType,
  type EventType,
  type Topic,
} from '@safarsaathi/contracts';
import type { EventHandlers } from './consumer';

export interface EventSubscriptions {
  /** The topics this service's consumer group reads (contracts' TOPICS). */
  topics: readonly Topic[];
  /** Event types on those topics that the service receives and leaves alone on purpose. */
  ignores?: readonly EventType[];
}

export class SubscriptionError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(
      `${service}: event subscriptions do not match the event catalogue:\n  - ${problems.join('\n  - ')}`,
    );
    this.name = 'SubscriptionError';
  }
}

/** The event types the catalogue puts on `topic`. */
export function eventTypesOn(topic: string): EventType[] {
  return EVENT_TYPES.filter((type) => EVENT_CATALOG[type].topic === topic);
}

/** Throws a SubscriptionError naming every mismatch between the declaration, the handlers and the catalogue. */
export function checkSubscriptions(
  service: string,
  subscriptions: EventSubscriptions,
  handlers: EventHandlers = {},
): void {
  const problems: string[] = [];
  const topics = new Set<string>(subscriptions.topics);
  const handled = new Set<string>(Object.keys(handlers));
  const ignored = new Set<string>(subscriptions.ignores ?? []);
  if (topics.size === 0) problems.push('subscribes to no topic');
  for (const topic of topics) {
    if (!(ALL_TOPICS as readonly string[]).includes(topic))
      problems.push(`subscribes to ${topic}, which is not a topic of the event catalogue`);
    else if (eventTypesOn(topic).length === 0)
      problems.push(`subscribes to ${topic}, which carries no event type of the catalogue`);
  }
  const checkDeclared = (type: string, what: string) => {
    if (!isEventType(type)) problems.push(`${what} ${type}, which is not an event type of the catalogue`);
    else if (!topics.has(EVENT_CATALOG[type].topic))
      problems.push(`${what} ${type}, but does not subscribe to its topic ${EVENT_CATALOG[type].topic}`);
  };
  for (const type of handled) checkDeclared(type, 'has a handler for');
  for (const type of ignored) {
    checkDeclared(type, 'ignores');
    if (handled.has(type)) problems.push(`both handles and ignores ${type}`);
  }
  for (const topic of topics) {
    for (const type of eventTypesOn(topic)) {
      if (!handled.has(type) && !ignored.has(type)) {
        problems.push(
          `subscribes to ${topic}, which carries ${type}, but has no handler for it (add one, or list it under ignores)`,
        );
      }
    }
  }
  if (problems.length > 0) throw new SubscriptionError(service, problems);
}
