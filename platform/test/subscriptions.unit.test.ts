/** Event subscriptions are checked against the event catalogue: a service refuses to start on a mismatch. */
import { TOPICS } from '@safarsaathi/contracts';
import { SubscriptionError, checkSubscriptions, type EventSubscriptions } from '../src/kafka/subscriptions';
import type { EventHandlers } from '../src/kafka/consumer';
import { chatHandlers, chatSubscriptions } from '../../services/chat/src/events/handlers';
import { companionHandlers, companionSubscriptions } from '../../services/companion/src/events/handlers';
import {
  notificationHandlers,
  notificationSubscriptions,
} from '../../services/notifications/src/events/handlers';
import { searchHandlers, searchSubscriptions } from '../../services/search/src/events/handlers';
import { supportHandlers, supportSubscriptions } from '../../services/support/src/events/handlers';

const noop = async () => undefined;

function problemsOf(subscriptions: EventSubscriptions, handlers: EventHandlers): string[] {
  try {
    checkSubscriptions('demo', subscriptions, handlers);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(SubscriptionError);
    return (error as SubscriptionError).problems;
  }
}

test('every event of a subscribed topic handled or ignored, every handler on a subscribed topic: accepted', () => {
  expect(
    problemsOf(
      { topics: [TOPICS.searchMatches, TOPICS.supportCases] },
      {
        match_found: noop,
        match_released: noop,
        case_created: noop,
        case_updated: noop,
        case_replied: noop,
      },
    ),
  ).toEqual([]);
  expect(
    problemsOf(
      { topics: [TOPICS.authUsers], ignores: ['profile_updated', 'user_status_changed', 'consent_changed'] },
      { user_registered: noop, user_deleted: noop },
    ),
  ).toEqual([]);
});

test('a subscribed event with no handler (and not ignored) is refused, naming the topic and the event', () => {
  expect(
    problemsOf(
      { topics: [TOPICS.authUsers], ignores: ['profile_updated', 'consent_changed'] },
      { user_registered: noop, user_deleted: noop },
    ),
  ).toEqual([
    'subscribes to auth.users.v1, which carries user_status_changed, but has no handler for it (add one, or list it under ignores)',
  ]);
  expect(() =>
    checkSubscriptions('notifications', { topics: [TOPICS.supportCases], ignores: ['case_updated'] }, {}),
  ).toThrow(
    /^notifications: event subscriptions do not match the event catalogue:\n {2}- subscribes to support\.cases\.v1, which carries case_created, but has no handler/,
  );
});

test('a topic outside the catalogue is refused', () => {
  expect(problemsOf({ topics: ['auth.users.v2' as never] }, {})).toContain(
    'subscribes to auth.users.v2, which is not a topic of the event catalogue',
  );
  expect(problemsOf({ topics: [] }, {})).toContain('subscribes to no topic');
});

test('a handler for an event whose topic is not subscribed, or for no event of the catalogue, is refused', () => {
  expect(
    problemsOf(
      { topics: [TOPICS.searchMatches] },
      { match_found: noop, match_released: noop, case_created: noop },
    ),
  ).toEqual(['has a handler for case_created, but does not subscribe to its topic support.cases.v1']);
  expect(
    problemsOf({ topics: [TOPICS.searchMatches] }, {
      match_found: noop,
      match_released: noop,
      match_lost: noop,
    } as EventHandlers),
  ).toEqual(['has a handler for match_lost, which is not an event type of the catalogue']);
});

test('ignoring an event that is also handled, or that is not on a subscribed topic, is refused', () => {
  expect(
    problemsOf(
      { topics: [TOPICS.searchMatches], ignores: ['match_found'] },
      { match_found: noop, match_released: noop },
    ),
  ).toEqual(['both handles and ignores match_found']);
  expect(
    problemsOf(
      { topics: [TOPICS.searchMatches], ignores: ['case_created'] },
      { match_found: noop, match_released: noop },
    ),
  ).toEqual(['ignores case_created, but does not subscribe to its topic support.cases.v1']);
});

test.each([
  ['chat', chatSubscriptions, () => chatHandlers({} as never)],
  ['companion', companionSubscriptions, () => companionHandlers({} as never)],
  ['notifications', notificationSubscriptions, () => notificationHandlers({} as never)],
  ['search', searchSubscriptions, () => searchHandlers({} as never)],
  [
    'support',
    supportSubscriptions,
    () => supportHandlers({} as never, {} as never, {} as never, {} as never),
  ],
])(
  'the %s service declares its subscriptions in line with its handlers and the catalogue',
  (service, subscriptions, handlers) => {
    expect(() => checkSubscriptions(service, subscriptions, handlers())).not.toThrow();
  },
);
