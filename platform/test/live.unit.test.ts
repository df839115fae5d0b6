import { compareStreamIds, isStreamId, streamIdMs } from '../src/live/stream-ids';
import { SseParser } from '../src/testing/sse-client';

test('stream ids compare by time, then sequence, also beyond 2^53', () => {
  expect(compareStreamIds('1700000000000-1', '1700000000000-1')).toBe(0);
  expect(compareStreamIds('1700000000000-2', '1700000000000-10')).toBeLessThan(0);
  expect(compareStreamIds('999-5', '1000-0')).toBeLessThan(0);
  expect(compareStreamIds('1000-18446744073709551615', '1000-18446744073709551614')).toBeGreaterThan(0);
  expect(compareStreamIds('0001-0', '1-0')).toBe(0);
  expect(streamIdMs('1700000000123-4')).toBe(1700000000123);
  expect(['1-0', '1700000000000-12'].every(isStreamId)).toBe(true);
  expect(['', '1', '1-', '-1', 'a-b', '1-0\n', '1-0 x', '12345678901234567-0'].some(isStreamId)).toBe(false);
});

test('only an id Redis can issue is an id: plain decimal, a sequence within 64 bits', () => {
  expect(
    ['0-0', '0-1', '999999999999999-0', '1700000000000-18446744073709551615', '1-9999999999999999999'].every(
      isStreamId,
    ),
  ).toBe(true);
  for (const invalid of [
    '1-18446744073709551616',
    '1-99999999999999999999',
    '0001-0',
    '1-00',
    '01-1',
    '+1-0',
    '1-0x1',
    '１-0',
  ]) {
    expect([invalid, isStreamId(invalid)]).toEqual([invalid, false]);
  }
});

test('the SSE parser follows the standard: ids, types, multi-line data, comments, retry, split chunks', () => {
  const events: Array<{ id?: string; type: string; data: string }> = [];
  const comments: string[] = [];
  let retry = 0;
  const parser = new SseParser(
    (event) => events.push(event),
    (comment) => comments.push(comment),
    (ms) => (retry = ms),
  );
  parser.push('retry: 3000\n\n: hello\n\nid: 1-0\nevent: chat.mes');
  parser.push('sage\ndata: {"a":1}\n\ndata: x\r\ndata: y\r\n\r\nid: 2-0\n\n');
  expect(retry).toBe(3000);
  expect(comments).toEqual([' hello']);
  expect(events).toEqual([
    { id: '1-0', type: 'chat.message', data: '{"a":1}' },
    { id: '1-0', type: 'message', data: 'x\ny' },
  ]);
  // An id-only block moves the last event id without an event.
  expect(parser.lastEventId).toBe('2-0');
});
