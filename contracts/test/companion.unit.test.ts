/** The companion form's rules (spec §5 Companion form) and the match presentation rules (spec §4). */
import {
  COMPANION_LABELS,
  COMPANION_MESSAGES,
  addDays,
  companionFormErrors,
  fallbackFlightStatus,
  hasMatch,
  mainFlightStatus,
  matchLabel,
  toCompanionSubmission,
  type CompanionFormField,
  type CompanionRequestView,
  type CompanionSubmissionInput,
  type MatchedCompanion,
} from '../src';

const EARLIEST = '2030-01-10';
const DAY = addDays(EARLIEST, 20);

const provide: CompanionSubmissionInput = {
  serviceType: 'provide',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: DAY,
  confirmedTicket: true,
  passengerName: 'Ravi Nair',
  passengerAge: 34,
  passengerGender: 'male',
  languagesKnown: 'Hindi, English',
  serviceCharges: '150',
  freeService: false,
};
const needBooked: CompanionSubmissionInput = {
  ...provide,
  serviceType: 'need',
  passengerName: 'Kamala Rao',
  passengerAge: 72,
  passengerGender: 'female',
};
const needYetToBook: CompanionSubmissionInput = {
  serviceType: 'need',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  confirmedTicket: false,
  tentativeFromDate: DAY,
  tentativeToDate: addDays(DAY, 7),
  passengerName: 'Kamala Rao',
  passengerAge: 72,
  passengerGender: 'female',
  languagesKnown: 'Tamil',
};

const errorsOf = (input: CompanionSubmissionInput) => companionFormErrors(input, EARLIEST);
const without = (
  input: CompanionSubmissionInput,
  field: keyof CompanionSubmissionInput,
): CompanionSubmissionInput => {
  const copy = { ...input } as Record<string, unknown>;
  delete copy[field];
  return copy as CompanionSubmissionInput;
};
const required = (label: string) => COMPANION_MESSAGES.required(label);

describe('companion form: valid submissions', () => {
  test.each([
    ['provide', provide],
    ['need, booked', needBooked],
    ['need, yet to book', needYetToBook],
  ])('%s has no errors', (_name, input) => {
    expect(errorsOf(input)).toEqual({});
  });
});

describe('companion form: required fields by role and booking state', () => {
  const booked: Array<[CompanionFormField, string]> = [
    ['fromAirport', required(COMPANION_LABELS.fromAirport)],
    ['toAirport', required(COMPANION_LABELS.toAirport)],
    ['airline', required(COMPANION_LABELS.airline)],
    ['flightNumber', required(COMPANION_LABELS.flightNumber)],
    ['travelDate', required(COMPANION_LABELS.travelDate)],
    ['passengerAge', required(COMPANION_LABELS.passengerAge)],
    ['passengerGender', required(COMPANION_LABELS.passengerGender)],
    ['languagesKnown', required(COMPANION_LABELS.languagesKnown)],
  ];
  const cases: Array<[string, CompanionSubmissionInput, CompanionFormField, string]> = [
    ...booked.map(
      ([field, message]) =>
        ['provide', provide, field, message] as [
          string,
          CompanionSubmissionInput,
          CompanionFormField,
          string,
        ],
    ),
    ['provide', provide, 'passengerName', required(COMPANION_LABELS.yourName)],
    ...booked.map(
      ([field, message]) =>
        ['need booked', needBooked, field, message] as [
          string,
          CompanionSubmissionInput,
          CompanionFormField,
          string,
        ],
    ),
    ['need booked', needBooked, 'passengerName', required(COMPANION_LABELS.passengerName)],
    ['need yet-to-book', needYetToBook, 'fromAirport', required(COMPANION_LABELS.fromAirport)],
    ['need yet-to-book', needYetToBook, 'toAirport', required(COMPANION_LABELS.toAirport)],
    ['need yet-to-book', needYetToBook, 'tentativeFromDate', required(COMPANION_LABELS.tentativeFromDate)],
    ['need yet-to-book', needYetToBook, 'tentativeToDate', required(COMPANION_LABELS.tentativeToDate)],
    ['need yet-to-book', needYetToBook, 'passengerName', required(COMPANION_LABELS.passengerName)],
    ['need yet-to-book', needYetToBook, 'passengerAge', required(COMPANION_LABELS.passengerAge)],
    ['need yet-to-book', needYetToBook, 'passengerGender', required(COMPANION_LABELS.passengerGender)],
    ['need yet-to-book', needYetToBook, 'languagesKnown', required(COMPANION_LABELS.languagesKnown)],
  ];
  test.each(cases)('%s without %s: %s', (_name, input, field, message) => {
    expect(errorsOf(without(input, field as keyof CompanionSubmissionInput))).toEqual({ [field]: message });
  });

  test.each([
    ['need yet-to-book', needYetToBook, ['airline', 'flightNumber', 'travelDate']],
    ['provide', provide, ['tentativeFromDate', 'tentativeToDate', 'serviceCharges']],
    ['need booked', needBooked, ['tentativeFromDate', 'tentativeToDate']],
  ] as const)('%s does not need %j', (_name, input, fields) => {
    let stripped: CompanionSubmissionInput = input;
    for (const field of fields) stripped = without(stripped, field);
    expect(errorsOf(stripped)).toEqual({});
  });

  test('provide is always a confirmed ticket: confirmedTicket false still needs the flight', () => {
    const errors = errorsOf({ ...provide, confirmedTicket: false, travelDate: undefined });
    expect(errors).toEqual({ travelDate: required(COMPANION_LABELS.travelDate) });
    expect(toCompanionSubmission({ ...provide, confirmedTicket: false }).confirmed_ticket).toBe(true);
  });

  test('blank strings count as missing', () => {
    expect(errorsOf({ ...needBooked, airline: '   ', passengerName: '  ' })).toEqual({
      airline: required(COMPANION_LABELS.airline),
      passengerName: required(COMPANION_LABELS.passengerName),
    });
  });

  test('no service type', () => {
    expect(errorsOf(without(provide, 'serviceType'))).toEqual({
      serviceType: COMPANION_MESSAGES.serviceType,
    });
    expect(errorsOf({ ...provide, serviceType: 'ride' as never })).toEqual({
      serviceType: COMPANION_MESSAGES.serviceType,
    });
  });
});

describe('companion form: values', () => {
  test.each([
    [0, COMPANION_MESSAGES.ageRange],
    [1, undefined],
    [120, undefined],
    [121, COMPANION_MESSAGES.ageRange],
    ['abc', COMPANION_MESSAGES.ageRange],
    [-5, COMPANION_MESSAGES.ageRange],
    [30.5, COMPANION_MESSAGES.ageRange],
    ['42', undefined],
    ['', required(COMPANION_LABELS.passengerAge)],
  ])('age %j -> %j', (age, message) => {
    expect(errorsOf({ ...needBooked, passengerAge: age }).passengerAge).toBe(message);
  });

  test.each([
    ['travelDate', needBooked, COMPANION_LABELS.travelDate],
    ['tentativeFromDate', needYetToBook, COMPANION_LABELS.tentativeFromDate],
  ] as const)(
    '%s before the earliest date is refused; the earliest date itself is allowed',
    (field, input, label) => {
      expect(errorsOf({ ...input, [field]: addDays(EARLIEST, -1) })[field]).toBe(
        COMPANION_MESSAGES.pastDate(label),
      );
      expect(errorsOf({ ...input, [field]: EARLIEST })[field]).toBeUndefined();
    },
  );

  test('a past tentative to date is refused as past', () => {
    const errors = errorsOf({
      ...needYetToBook,
      tentativeFromDate: EARLIEST,
      tentativeToDate: addDays(EARLIEST, -3),
    });
    expect(errors).toEqual({
      tentativeToDate: COMPANION_MESSAGES.pastDate(COMPANION_LABELS.tentativeToDate),
    });
  });

  test.each([
    [addDays(DAY, -1), COMPANION_MESSAGES.tentativeOrder],
    [DAY, undefined],
    [addDays(DAY, 1), undefined],
  ])('tentative to %s after from %s', (to, message) => {
    expect(errorsOf({ ...needYetToBook, tentativeFromDate: DAY, tentativeToDate: to }).tentativeToDate).toBe(
      message,
    );
  });

  test.each(['2030-13-45', '30/01/2030', 'tomorrow'])('travel date %j is not a valid date', (date) => {
    expect(errorsOf({ ...provide, travelDate: date }).travelDate).toBe(
      `${COMPANION_LABELS.travelDate} must be a valid date`,
    );
  });

  test.each([
    ['Hindi, Klingon', COMPANION_MESSAGES.unknownLanguage],
    ['Esperanto', COMPANION_MESSAGES.unknownLanguage],
    ['', required(COMPANION_LABELS.languagesKnown)],
    [' , ,', required(COMPANION_LABELS.languagesKnown)],
    ['hindi, ENGLISH', undefined],
  ])('languages %j -> %j', (languages, message) => {
    expect(errorsOf({ ...provide, languagesKnown: languages }).languagesKnown).toBe(message);
  });

  test.each([
    [{ fromAirport: 'DELHI' }, 'fromAirport', COMPANION_MESSAGES.airportCode(COMPANION_LABELS.fromAirport)],
    [{ toAirport: 'J1K' }, 'toAirport', COMPANION_MESSAGES.airportCode(COMPANION_LABELS.toAirport)],
    [{ toAirport: 'del' }, 'toAirport', COMPANION_MESSAGES.sameAirports],
    [{ passengerGender: 'unknown' }, 'passengerGender', COMPANION_MESSAGES.gender],
    [{ serviceCharges: '-10' }, 'serviceCharges', COMPANION_MESSAGES.price],
    [{ serviceCharges: 'lots' }, 'serviceCharges', COMPANION_MESSAGES.price],
  ] as const)('%j -> %s: %s', (change, field, message) => {
    expect(errorsOf({ ...provide, ...change } as CompanionSubmissionInput)).toEqual({ [field]: message });
  });

  test('layover airports must be codes; layover fields are otherwise optional', () => {
    expect(errorsOf({ ...provide, connectingFlights: [{ layoverAirport: 'DB1' }] }).connectingFlights).toBe(
      'Layover airport must be a 3-letter airport code',
    );
    expect(errorsOf({ ...provide, connectingFlights: [{ layoverAirport: 'dxb' }, {}] })).toEqual({});
  });
});

describe('toCompanionSubmission', () => {
  test.each([
    ['free service wins over a charge', { freeService: true, serviceCharges: '150' }, 0],
    ['a charge', { freeService: false, serviceCharges: '150' }, 150],
    ['a numeric charge', { freeService: false, serviceCharges: 75.5 }, 75.5],
    ['no charge given', { freeService: false, serviceCharges: undefined }, 0],
    ['an empty charge', { freeService: false, serviceCharges: '' }, 0],
  ])('%s -> price %d', (_name, change, price) => {
    const input = { ...provide, ...change };
    expect(errorsOf(input)).toEqual({});
    expect(toCompanionSubmission(input).companion_price).toBe(price);
  });

  test('a booked request keeps its flight; languages and codes are normalised; layovers are keyed by airport', () => {
    const submission = toCompanionSubmission({
      ...needBooked,
      fromAirport: ' del ',
      languagesKnown: 'hindi, english, Hindi',
      connectingFlights: [
        { layoverAirport: 'dxb', airline: 'Emirates', flightNumber: 'ek 511', date: DAY },
        { layoverAirport: '' },
      ],
    });
    expect(submission).toMatchObject({
      role: 'need',
      from_airport: 'DEL',
      confirmed_ticket: true,
      date: DAY,
      airlines: 'Air India',
      flight_number: 'AI101',
      tentative_from_date: null,
      tentative_to_date: null,
      languages_known: 'Hindi, English',
      passenger_age: 72,
      layovers: [{ DXB: { airlines: 'Emirates', flight_number: 'EK511', date: DAY } }],
    });
  });

  test('who travels (issue 38): self by default, family when a seeker says so, always self for a provider', () => {
    expect(toCompanionSubmission(needBooked).posted_for).toBe('self');
    expect(errorsOf({ ...needBooked, postedFor: 'family' })).toEqual({});
    expect(toCompanionSubmission({ ...needBooked, postedFor: 'family' }).posted_for).toBe('family');
    // A provider travels themselves: the field is ignored, like a provider's emergency contact.
    expect(toCompanionSubmission({ ...provide, postedFor: 'family' }).posted_for).toBe('self');
    // Anything else is refused under its own field.
    expect(Object.keys(errorsOf({ ...needBooked, postedFor: 'parent' as never }))).toEqual(['postedFor']);
  });

  test('yet to book keeps the tentative range and drops any flight', () => {
    const submission = toCompanionSubmission({
      ...needYetToBook,
      airline: 'Emirates',
      flightNumber: 'EK1',
      travelDate: DAY,
    });
    expect(submission).toMatchObject({
      confirmed_ticket: false,
      date: null,
      airlines: null,
      flight_number: null,
      tentative_from_date: DAY,
      tentative_to_date: addDays(DAY, 7),
    });
  });
});

// ---- match presentation ----

type Subject = Parameters<typeof matchLabel>[0];

const companion = (change: Partial<MatchedCompanion> = {}): MatchedCompanion => ({
  name: 'Ravi',
  from_airport: 'DEL',
  to_airport: 'JFK',
  airlines: 'Air India',
  flight_number: 'AI101',
  travel_date: DAY,
  languages_known: 'Hindi',
  passenger_age: 34,
  passenger_gender: 'male',
  companion_price: 0,
  layovers: [],
  ...change,
});

const subject = (change: Partial<Subject> = {}): Subject => ({
  companion_match: true,
  companion_match_caseid: 'SC-ABCDEFGH',
  match_details: null,
  matched_companion: companion(),
  airlines: 'Air India',
  flight_number: 'AI101',
  from_airport: 'DEL',
  to_airport: 'JFK',
  layovers: [],
  ...change,
});

const details = (
  overall: 'complete_match' | 'match',
  main: 'same_flight' | 'same_route' | 'different',
): NonNullable<CompanionRequestView['match_details']> => ({
  overall_status: overall,
  main_flight: { status: main },
  layovers: [],
});

describe('hasMatch', () => {
  test.each([
    [true, 'SC-1', true],
    [true, null, false],
    [true, '', false],
    [false, 'SC-1', false],
  ])('flag %j, case id %j -> %j', (flag, caseid, expected) => {
    expect(hasMatch({ companion_match: flag, companion_match_caseid: caseid })).toBe(expected);
  });
});

describe('matchLabel', () => {
  const layover = [{ DXB: { airlines: 'Emirates' } }];
  test.each<[string, Partial<Subject>, 'Complete Match' | 'Match']>([
    [
      'details say complete_match',
      { match_details: details('complete_match', 'same_flight'), airlines: 'Other' },
      'Complete Match',
    ],
    [
      'details say match, even on the same flight',
      { match_details: details('match', 'same_flight') },
      'Match',
    ],
    ['no details, same airline and flight number', {}, 'Complete Match'],
    [
      'no details, same flight compared case-insensitively',
      { airlines: 'air india ', flight_number: 'ai101' },
      'Complete Match',
    ],
    [
      'no details, same route, both with layovers',
      { flight_number: 'AI999', layovers: layover, matched_companion: companion({ layovers: layover }) },
      'Complete Match',
    ],
    [
      'no details, same route, only one side with layovers',
      { flight_number: 'AI999', layovers: layover },
      'Match',
    ],
    ['no details, same route, no layovers', { flight_number: 'AI999' }, 'Match'],
    [
      'no details, different route with layovers',
      {
        flight_number: 'AI999',
        to_airport: 'LHR',
        layovers: layover,
        matched_companion: companion({ layovers: layover }),
      },
      'Match',
    ],
    [
      'no details, missing airline on both sides',
      {
        airlines: null,
        flight_number: null,
        matched_companion: companion({ airlines: null, flight_number: null }),
      },
      'Match',
    ],
    ['no details and no matched companion', { matched_companion: null }, 'Match'],
  ])('%s', (_name, change, expected) => {
    expect(matchLabel(subject(change))).toBe(expected);
  });
});

describe('flight badges', () => {
  test.each<[string, Partial<Subject>, ReturnType<typeof mainFlightStatus>]>([
    ['from details', { match_details: details('match', 'different') }, 'different'],
    ['details win over the fallback', { match_details: details('match', 'same_route') }, 'same_route'],
    ['fallback: same flight', {}, 'same_flight'],
    ['fallback: same route', { flight_number: 'AI999' }, 'same_route'],
    ['fallback: different', { flight_number: 'AI999', from_airport: 'BOM' }, 'different'],
    ['no details and no companion', { matched_companion: null }, null],
  ])('mainFlightStatus: %s', (_name, change, expected) => {
    expect(mainFlightStatus(subject(change))).toBe(expected);
  });

  const flight = (
    airlines: string | null,
    flight_number: string | null,
    from_airport = 'DEL',
    to_airport = 'JFK',
  ) => ({
    airlines,
    flight_number,
    from_airport,
    to_airport,
  });
  test.each([
    ['same airline and number', flight('Emirates', 'EK511'), flight('emirates', 'ek511'), 'same_flight'],
    [
      'same airline and number on another route still counts as the same flight',
      flight('Emirates', 'EK511', 'DXB'),
      flight('Emirates', 'EK511'),
      'same_flight',
    ],
    ['same route, other flight', flight('Emirates', 'EK511'), flight('Emirates', 'EK512'), 'same_route'],
    ['same route, no flight data', flight(null, null), flight(null, null), 'same_route'],
    ['other route', flight('Emirates', 'EK511', 'DEL', 'LHR'), flight('Air India', 'AI1'), 'different'],
  ] as const)('fallbackFlightStatus: %s', (_name, own, other, expected) => {
    expect(fallbackFlightStatus(own, other)).toBe(expected);
  });
});
