import { searchQuerySchema } from '@safarsaathi/contracts';
import { SearchIndex } from '../src/index/search-index';
import { airportsCsv } from '../src/airports/airports-csv';
import { requestCreated } from './fixtures';

const request = requestCreated;
const query = (q: Record<string, string>) => searchQuerySchema.parse(q);
const TODAY = '2027-03-01';
const T = '2027-01-01T00:00:00.000Z';

test("results come from the origin airport only, soonest first, never the viewer's own", () => {
  const index = new SearchIndex();
  const later = request({ date: '2027-04-01' });
  const sooner = request({ date: '2027-03-05' });
  const tentative = request({
    date: null,
    confirmed_ticket: false,
    tentative_from_date: '2027-03-03',
    tentative_to_date: '2027-03-20',
  });
  const elsewhere = request({ from_airport: 'BOM' });
  const mine = request({ ownerId: 'me', date: '2027-03-02' });
  for (const r of [later, sooner, tentative, elsewhere, mine]) index.upsert(r, T);
  expect(index.search(query({ from: 'DEL' }), 'me', TODAY, 60).map((r) => r.caseid)).toEqual([
    tentative.caseid,
    sooner.caseid,
    later.caseid,
  ]);
  expect(index.search(query({ from: 'del' }), undefined, TODAY, 60).map((r) => r.caseid)).toContain(
    mine.caseid,
  );
});

test.each<[Record<string, string>, string[]]>([
  [{}, ['tentative', 'sooner', 'later', 'london']],
  [{ from_date: '2027-03-06' }, ['tentative', 'later', 'london']],
  [{ to_date: '2027-03-04' }, ['tentative']],
  [{ from_date: '2027-03-05', to_date: '2027-03-05' }, ['tentative', 'sooner']],
  [{ from_date: '2027-03-21', to_date: '2027-03-31' }, []],
  [{ to: 'LHR' }, ['london']],
])('date and destination filters: %j', (filter, expected) => {
  const index = new SearchIndex();
  const named = {
    sooner: request({ date: '2027-03-05' }),
    tentative: request({
      date: null,
      confirmed_ticket: false,
      tentative_from_date: '2027-03-03',
      tentative_to_date: '2027-03-20',
    }),
    later: request({ date: '2027-04-01' }),
    london: request({ date: '2027-05-01', to_airport: 'LHR' }),
  };
  for (const r of Object.values(named)) index.upsert(r, T);
  const nameOf = Object.fromEntries(Object.entries(named).map(([name, r]) => [r.caseid, name]));
  const found = index
    .search(query({ from: 'DEL', ...filter }), undefined, TODAY, 60)
    .map((r) => nameOf[r.caseid]);
  expect(found).toEqual(expected);
});

test('past requests are not shown; cancel, owner deletion and blocking remove requests', () => {
  const index = new SearchIndex();
  const past = request({ date: '2027-02-01' });
  const cancelled = request();
  const deletedOwner = request({ ownerId: 'gone' });
  const blockedOwner = request({ ownerId: 'blocked' });
  const visible = request();
  for (const r of [past, cancelled, deletedOwner, blockedOwner, visible]) index.upsert(r, T);
  index.cancel(cancelled.caseid, '2027-01-02T00:00:00.000Z');
  index.removeOwner('gone');
  index.setOwnerHidden('blocked', true);
  expect(index.search(query({ from: 'DEL' }), undefined, TODAY, 60).map((r) => r.caseid)).toEqual([
    visible.caseid,
  ]);
  index.setOwnerHidden('blocked', false);
  expect(index.search(query({ from: 'DEL' }), undefined, TODAY, 60)).toHaveLength(2);
});

test('an older event never overrides a newer one, and a redelivered create changes nothing', () => {
  const index = new SearchIndex();
  const r = request();
  index.upsert(r, '2027-01-01T00:00:00.000Z');
  index.cancel(r.caseid, '2027-01-03T00:00:00.000Z');
  index.upsert(r, '2027-01-01T00:00:00.000Z');
  expect(index.size).toBe(0);
  const s = request();
  index.upsert(s, T);
  index.upsert(s, T);
  expect(index.search(query({ from: 'DEL' }), undefined, TODAY, 60)).toHaveLength(1);
});

test('results are bounded', () => {
  const index = new SearchIndex();
  for (let i = 0; i < 100; i += 1) index.upsert(request(), T);
  expect(index.search(query({ from: 'DEL' }), undefined, TODAY, 60)).toHaveLength(60);
});

test('airports CSV keeps 3-letter IATA codes with a name in the served countries, quoting as needed', () => {
  const csv = airportsCsv([
    {
      iata_code: 'ORD',
      name: "Chicago O'Hare International Airport",
      iso_country: 'US',
      municipality: 'Chicago',
    },
    { iata_code: 'DXB', name: 'Dubai International Airport', iso_country: 'AE', municipality: 'Dubai' },
    { iata_code: 'CDG', name: 'Charles de Gaulle, Paris', iso_country: 'FR', municipality: 'Paris' },
    { iata_code: 'SYD', name: 'Sydney', iso_country: 'AU' },
    { iata_code: '', name: 'No code', iso_country: 'IN' },
    { iata_code: 'ABCD', name: 'Too long', iso_country: 'IN' },
    { iata_code: 'XYZ', name: '  ', iso_country: 'IN' },
  ]);
  expect(csv.trim().split('\n')).toEqual([
    'iata_code,name,iso_country,municipality',
    'CDG,"Charles de Gaulle, Paris",FR,Paris',
    'DXB,Dubai International Airport,AE,Dubai',
    "ORD,Chicago O'Hare International Airport,US,Chicago",
  ]);
});

test('languages: only requests speaking one of them, soonest first and each once, read from per-language lists', () => {
  const index = new SearchIndex();
  const named = {
    hindi: request({ date: '2027-03-10', languages_known: 'Hindi, English' }),
    both: request({ date: '2027-03-05', languages_known: 'Gujarati, Hindi' }),
    gujarati: request({ date: '2027-03-10', languages_known: 'gujarati' }),
    tamil: request({ date: '2027-03-02', languages_known: 'Tamil' }),
  };
  for (const r of Object.values(named)) index.upsert(r, T);
  const nameOf = Object.fromEntries(Object.entries(named).map(([name, r]) => [r.caseid, name]));
  const found = (languages: string) =>
    index.search(query({ from: 'DEL', languages }), undefined, TODAY, 60).map((r) => nameOf[r.caseid]);
  expect(found('Gujarati')).toEqual(['both', 'gujarati']);
  // Same-day requests keep their order of arrival (hindi before gujarati), as without a filter.
  expect(found('Hindi,Gujarati')).toEqual(['both', 'hindi', 'gujarati']);
  expect(found('gujarati, HINDI, Hindi')).toEqual(['both', 'hindi', 'gujarati']);
  expect(found('')).toEqual(['tamil', 'both', 'hindi', 'gujarati']);
  expect(found('Urdu')).toEqual([]);

  // An edit that drops a language takes the request off that language's list.
  index.upsert({ ...named.both, languages_known: 'Hindi' }, '2027-01-02T00:00:00.000Z');
  expect(found('Gujarati')).toEqual(['gujarati']);
  index.cancel(named.gujarati.caseid, '2027-01-02T00:00:00.000Z');
  expect(found('Gujarati')).toEqual([]);
  expect(found('Hindi,Gujarati')).toEqual(['both', 'hindi']);
});

test('languages: an unknown name is refused with the names accepted', () => {
  const parsed = searchQuerySchema.safeParse({ from: 'DEL', languages: 'Hindi,Klingon' });
  expect(parsed.success).toBe(false);
  expect(parsed.error!.issues[0]!.message).toBe(
    'Unknown language: Klingon. Use names from: Assamese, Bengali, English, Gujarati, Hindi, Kannada, Kashmiri, Malayalam, Marathi, Odia, Punjabi, Sanskrit, Tamil, Telugu, Urdu',
  );
  expect(searchQuerySchema.parse({ from: 'DEL', languages: 'urdu,Hindi,urdu' }).languages).toEqual([
    'Hindi',
    'Urdu',
  ]);
  expect(searchQuerySchema.parse({ from: 'DEL', languages: ' , ' }).languages).toBeUndefined();
});
