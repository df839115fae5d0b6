import { expect, test } from '@jest/globals';
import { COUNTRIES } from '@safarsaathi/contracts';
import { flagSource } from '../src/registration/flags';

test('every country of the registration list has a flag image (emoji flags are empty boxes on Linux and Windows)', () => {
  const missing = COUNTRIES.filter((country) => !flagSource(country.code)).map((country) => country.code);
  expect(missing).toEqual([]);
  const india = decodeURIComponent(flagSource('IN')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  expect(india).toMatch(/^<svg[\s\S]*<\/svg>$/);
});
