import { newTraceId, traceIdOf, traceparentFor } from '../src/trace-context';

test('traceparent: version 00 with non-zero ids is taken; anything else is not', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  expect(traceIdOf(`00-${traceId}-00f067aa0ba902b7-01`)).toBe(traceId);
  expect(traceIdOf(`00-${traceId}-00f067aa0ba902b7-00`)).toBe(traceId);
  for (const bad of [
    undefined,
    '',
    `01-${traceId}-00f067aa0ba902b7-01`,
    `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`,
    `00-${traceId}-${'0'.repeat(16)}-01`,
    `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01`,
    `00-${traceId}-00f067aa0ba902b7`,
    `00-${traceId}-00f067aa0ba902b7-01-extra`,
  ])
    expect(traceIdOf(bad)).toBeUndefined();
});

test('each hop gets the same trace id with a new parent id; a plain correlation id gets none', () => {
  const traceId = newTraceId();
  expect(traceId).toMatch(/^[0-9a-f]{32}$/);
  const [first, second] = [traceparentFor(traceId), traceparentFor(traceId)];
  expect(traceIdOf(first)).toBe(traceId);
  expect(traceIdOf(second)).toBe(traceId);
  expect(first).not.toBe(second);
  expect(traceparentFor('client-chosen-id-42')).toBeUndefined();
  expect(traceparentFor(undefined)).toBeUndefined();
});
