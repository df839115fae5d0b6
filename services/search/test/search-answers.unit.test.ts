import { SEARCH_RESULT_LIMIT, searchQuerySchema, type SearchResult } from '@safarsaathi/contracts';
import { SearchIndex } from '../src/index/search-index';
import { SearchAnswers } from '../src/use-cases/search';
import { requestCreated } from './fixtures';

const request = requestCreated;
const TODAY = '2027-03-01';
const T = '2027-01-01T00:00:00.000Z';
const fromDel = searchQuerySchema.parse({ from: 'DEL' });
const results = (body: Buffer): SearchResult[] =>
  (JSON.parse(body.toString()) as { results: SearchResult[] }).results;
const caseids = (body: Buffer) => results(body).map((r) => r.caseid);

test('a repeated search sees requests added and cancelled since the previous one', () => {
  const index = new SearchIndex();
  const answers = new SearchAnswers(index, () => TODAY);
  const first = request();
  index.upsert(first, T);
  expect(caseids(answers.answer(fromDel, undefined, 'public'))).toEqual([first.caseid]);

  const second = request({ date: '2027-03-05' });
  index.upsert(second, T);
  expect(caseids(answers.answer(fromDel, undefined, 'public'))).toEqual([second.caseid, first.caseid]);

  index.cancel(first.caseid, '2027-01-02T00:00:00.000Z');
  expect(caseids(answers.answer(fromDel, undefined, 'public'))).toEqual([second.caseid]);
});

test('an owner blocked or renamed after a search changes the next answer', () => {
  const index = new SearchIndex();
  const answers = new SearchAnswers(index, () => TODAY);
  const entry = request({ ownerId: 'owner-x' });
  index.upsert(entry, T);
  expect(results(answers.answer(fromDel, undefined, 'public'))[0]!.owner).toBe('Asha');
  index.setOwnerName('owner-x', 'Rekha Nair');
  expect(results(answers.answer(fromDel, undefined, 'public'))[0]!.owner).toBe('Rekha');
  index.setOwnerHidden('owner-x', true);
  expect(results(answers.answer(fromDel, undefined, 'public'))).toEqual([]);
});

test('public and signed-in answers are cached apart, each with its own fields', () => {
  const index = new SearchIndex();
  const answers = new SearchAnswers(index, () => TODAY);
  index.upsert(request(), T);
  const publicResult = results(answers.answer(fromDel, undefined, 'public'))[0]!;
  const unifiedResult = results(answers.answer(fromDel, 'someone-else', 'unified'))[0]!;
  expect(publicResult).not.toHaveProperty('passenger_name');
  expect(publicResult).not.toHaveProperty('flight_number');
  expect(unifiedResult.passenger_name).toBe('Kamala Devi');
  expect(unifiedResult.flight_number).toBe('AI101');
});

test('a viewer never sees their own requests, even when they own more than the cached slack', () => {
  const index = new SearchIndex();
  const answers = new SearchAnswers(index, () => TODAY);
  // The viewer owns the 30 soonest requests; 70 others follow.
  for (let day = 0; day < 30; day++)
    index.upsert(request({ ownerId: 'me', date: `2027-03-${String(2 + (day % 20)).padStart(2, '0')}` }), T);
  for (let i = 0; i < 70; i++) index.upsert(request({ date: '2027-04-15' }), T);

  const forMe = results(answers.answer(fromDel, 'me', 'unified'));
  expect(forMe).toHaveLength(SEARCH_RESULT_LIMIT);
  expect(forMe.every((r) => r.date === '2027-04-15')).toBe(true);

  const forOthers = results(answers.answer(fromDel, 'another', 'unified'));
  expect(forOthers).toHaveLength(SEARCH_RESULT_LIMIT);
  expect(forOthers.filter((r) => r.date !== '2027-04-15')).toHaveLength(30);
});
