import { randomUUID } from 'node:crypto';
import {
  ALL_TOPICS,
  EVENT_CATALOG,
  EVENT_TYPES,
  deadLetterTopic,
  eventEnvelopeSchema,
  parseEvent,
} from '../src';

const validEnvelope = () => ({
  id: randomUUID(),
  type: 'user_deleted',
  version: 1,
  occurredAt: new Date().toISOString(),
  producer: 'auth',
  correlationId: 'c-1',
  key: 'user-1',
  data: { userId: 'user-1', email: 'a@example.test' },
});

describe('event envelope', () => {
  test('a well-formed envelope parses with its payload', () => {
    expect(parseEvent(validEnvelope())).toMatchObject({ type: 'user_deleted', data: { userId: 'user-1' } });
  });

  test.each([
    ['id is not a uuid', { id: 'nope' }],
    ['version is zero', { version: 0 }],
    ['occurredAt is not a date-time', { occurredAt: 'yesterday' }],
    ['producer is empty', { producer: '' }],
    ['key is missing', { key: undefined }],
  ])('refused when %s', (_name, change) => {
    expect(() => parseEvent({ ...validEnvelope(), ...change })).toThrow();
  });

  test('the payload of a known type is validated too', () => {
    expect(() => parseEvent({ ...validEnvelope(), data: { userId: 42 } })).toThrow();
  });

  test('an unknown type passes the envelope check but keeps its data as is (consumers ignore it)', () => {
    const parsed = parseEvent({ ...validEnvelope(), type: 'something_new', data: { x: 1 } });
    expect(parsed.data).toEqual({ x: 1 });
    expect(eventEnvelopeSchema.safeParse({ ...validEnvelope(), type: '' }).success).toBe(false);
  });
});

describe('catalogue', () => {
  test('every event travels on a listed topic and names are past tense', () => {
    for (const type of EVENT_TYPES) {
      expect(ALL_TOPICS).toContain(EVENT_CATALOG[type].topic);
      expect(type).toMatch(
        /_(registered|updated|changed|deleted|created|cancelled|found|released|sent|read|set|recorded|triggered|completed|reported|replied)$/,
      );
    }
  });

  test('dead-letter topics are named <topic>.dlt', () => {
    expect(deadLetterTopic('auth.users.v1')).toBe('auth.users.v1.dlt');
  });

  test('no chat message text travels in message_sent', () => {
    expect(Object.keys(EVENT_CATALOG.message_sent.data.shape)).not.toContain('message_text');
  });
});
