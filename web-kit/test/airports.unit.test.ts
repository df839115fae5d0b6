/**
 * The airport list after a failed load: the fields try again (2 s, then twice as long each time, up to 30 s)
 * instead of showing 'No airports found' until the page is reloaded.
 */
import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import type * as LoadAirports from '../src/airports/loadAirports';

const CSV = 'iata_code,name,iso_country,municipality\nDEL,Indira Gandhi International Airport,IN,New Delhi\n';

type LoadAirportsModule = typeof LoadAirports;

/** A fresh copy of the module (its list is cached per page) with `fetch` answering from `answers`. */
function withFetch(answers: Array<number | 'network'>): { module: LoadAirportsModule; calls: () => number } {
  let calls = 0;
  global.fetch = jest.fn(async () => {
    const answer = answers[Math.min(calls, answers.length - 1)];
    calls += 1;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    return new Response(answer === 200 ? CSV : 'starting', { status: answer });
  }) as typeof fetch;
  let module: LoadAirportsModule | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<LoadAirportsModule>('../src/airports/loadAirports');
  });
  return { module: module!, calls: () => calls };
}

/** Lets the fetch promise chain settle under the fake clock. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

const realFetch = global.fetch;
beforeEach(() => {
  jest.useFakeTimers();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  global.fetch = realFetch;
});

test('a failed load is tried again after 2 s, then 4 s, and the list arrives', async () => {
  const { module, calls } = withFetch([503, 'network', 200]);
  const onLoaded = jest.fn();
  module.loadAirportsUntilLoaded(onLoaded);
  await settle();
  expect(calls()).toBe(1);
  expect(onLoaded).not.toHaveBeenCalled();

  await jest.advanceTimersByTimeAsync(1_999);
  expect(calls()).toBe(1);
  await jest.advanceTimersByTimeAsync(1);
  await settle();
  expect(calls()).toBe(2);
  expect(onLoaded).not.toHaveBeenCalled();

  await jest.advanceTimersByTimeAsync(3_999);
  expect(calls()).toBe(2);
  await jest.advanceTimersByTimeAsync(1);
  await settle();
  expect(calls()).toBe(3);
  expect(onLoaded).toHaveBeenCalledTimes(1);
  expect(onLoaded.mock.calls[0]![0]).toEqual([expect.objectContaining({ iataCode: 'DEL' })]);
  expect(module.loadedAirports()).toHaveLength(1);
});

test('the wait between tries stops growing at 30 s', async () => {
  const { module, calls } = withFetch([503]);
  module.loadAirportsUntilLoaded(jest.fn());
  await settle();
  // Tries at 0, 2, 6, 14, 30, 60 and 90 s: the waits 2, 4, 8, 16, 30, 30.
  await jest.advanceTimersByTimeAsync(60_000);
  await settle();
  expect(calls()).toBe(6);
  await jest.advanceTimersByTimeAsync(30_000);
  await settle();
  expect(calls()).toBe(7);
});

test('stopping it (the field unmounted) ends the tries', async () => {
  const { module, calls } = withFetch([503]);
  const onLoaded = jest.fn();
  const stop = module.loadAirportsUntilLoaded(onLoaded);
  await settle();
  stop();
  await jest.advanceTimersByTimeAsync(120_000);
  expect(calls()).toBe(1);
  expect(onLoaded).not.toHaveBeenCalled();
});

test('a list that loaded once is handed over at once, with no second request', async () => {
  const { module, calls } = withFetch([200]);
  await module.loadAirports();
  const onLoaded = jest.fn();
  module.loadAirportsUntilLoaded(onLoaded);
  await settle();
  expect(calls()).toBe(1);
  expect(onLoaded).toHaveBeenCalledTimes(1);
});
