import { LIMITS, parseAirportsCsv, suggestAirports, type Airport } from '../src';

const CSV = [
  'iata_code,name,iso_country,municipality',
  'DEL,Indira Gandhi International Airport,IN,New Delhi',
  'BOM,"Chhatrapati Shivaji Maharaj International Airport, Mumbai",IN,Mumbai',
  'JFK,John F Kennedy International Airport,US,New York',
  'LGA,La Guardia Airport,US,New York',
  'SYD,Sydney Kingsford Smith International Airport,AU,Sydney',
  'XX,Two Letter Code,IN,Somewhere',
  'ABC,,US,Nameless',
  '',
].join('\n');

describe('airports.csv parsing', () => {
  const airports = parseAirportsCsv(CSV);

  it('keeps only listed airports: 3-letter code, a name, a served country', () => {
    expect(airports.map((a) => a.iataCode)).toEqual(['DEL', 'BOM', 'JFK', 'LGA']);
  });

  it('honours quoted fields and builds the display name as name (code)', () => {
    const bom = airports.find((a) => a.iataCode === 'BOM')!;
    expect(bom.name).toBe('Chhatrapati Shivaji Maharaj International Airport, Mumbai');
    expect(bom.displayName).toBe('Chhatrapati Shivaji Maharaj International Airport, Mumbai (BOM)');
    expect(bom.city).toBe('Mumbai');
  });
});

describe('airport suggestions', () => {
  const airports = parseAirportsCsv(CSV);
  const codes = (list: Airport[]) => list.map((a) => a.iataCode);

  it.each([
    ['by code, any case', 'jfk', ['JFK']],
    ['by city', 'new york', ['JFK', 'LGA']],
    ['every word must match name, city or code', 'new york guardia', ['LGA']],
    ['words may match different fields', 'delhi gandhi', ['DEL']],
    ['extra spaces ignored', '  mumbai   ', ['BOM']],
    ['nothing matches', 'paris', []],
  ])('%s', (_name, query, expected) => {
    expect(codes(suggestAirports(airports, query))).toEqual(expected);
  });

  it('gives at most 50 for a query and the first 100 for an empty one', () => {
    const many: Airport[] = Array.from({ length: 150 }, (_, i) => ({
      iataCode: `A${String(i).padStart(2, '0')}`.slice(0, 3),
      name: `Airport ${i}`,
      country: 'US',
      city: 'Springfield',
      displayName: `Airport ${i}`,
    }));
    expect(suggestAirports(many, 'springfield')).toHaveLength(LIMITS.airportSuggestionsMax);
    expect(suggestAirports(many, '   ')).toHaveLength(LIMITS.airportSuggestionsEmptyQuery);
    expect(suggestAirports(many, '')[0]).toBe(many[0]);
  });
});
