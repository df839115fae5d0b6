/**
 * Easy reading saved on the account (issue 38's browser walk found it): large text turned on and off again
 * quickly must end off, on the page and on the account. The saves go one at a time in the order chosen, and
 * the answer of one a later choice overtook is not applied.
 */
import { describe, expect, jest, test } from '@jest/globals';
import type { ReadingPreferences } from '@safarsaathi/contracts';
import { QueryClient } from '@tanstack/react-query';
import { authApi } from '../src/api/auth';
import { saveReadingPreferences } from '../src/easyReading/EasyReadingSync';
import { applyReadingPreferences, readingPreferences } from '../src/easyReading/preferences';

/** Each PUT the page makes, answered when the test says so. */
const answers: Array<{ body: unknown; resolve: (value: ReadingPreferences) => void }> = [];
jest
  .spyOn(authApi, 'setPreferences')
  .mockImplementation((body) => new Promise((resolve) => answers.push({ body, resolve })));

const ON = { large_text: true, high_contrast: false };
const OFF = { large_text: false, high_contrast: false };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('saveReadingPreferences', () => {
  test('on, then off before the first answer: one save at a time, in order, and the page ends off', async () => {
    const queryClient = new QueryClient();
    applyReadingPreferences(ON, false);
    const first = saveReadingPreferences(queryClient, ON);
    applyReadingPreferences(OFF, false);
    const second = saveReadingPreferences(queryClient, OFF);
    await settle();
    // The second waits for the first: the server sees them in the order chosen.
    expect(answers.map((answer) => answer.body)).toEqual([ON]);
    answers[0]!.resolve(ON);
    await first;
    // The first answer (on) is not applied: a later choice overtook it.
    expect(readingPreferences()).toEqual(OFF);
    await settle();
    expect(answers.map((answer) => answer.body)).toEqual([ON, OFF]);
    answers[1]!.resolve(OFF);
    await second;
    expect(readingPreferences()).toEqual(OFF);
  });

  test('a single save applies the account answer', async () => {
    const queryClient = new QueryClient();
    const save = saveReadingPreferences(queryClient, ON);
    await settle();
    answers.at(-1)!.resolve(ON);
    await save;
    expect(readingPreferences()).toEqual(ON);
  });
});
