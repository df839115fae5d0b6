/** Input rules shared by forms and services: real calendar days, e-mail addresses without control characters. */
import {
  API_ROUTES,
  companionRequestBodySchema,
  AUTH_MESSAGES,
  buildOpenApiDocument,
  companionFormErrors,
  createCaseRequestSchema,
  emailAddressSchema,
  isCalendarDate,
  searchQuerySchema,
  travelPlanRequestSchema,
  type CompanionSubmissionInput,
} from '../src';

describe('isCalendarDate', () => {
  test.each(['2030-02-28', '2028-02-29', '2030-12-31', '2030-01-01'])('%s is a day', (date) => {
    expect(isCalendarDate(date)).toBe(true);
  });
  test.each([
    '2030-02-30',
    '2029-02-29',
    '2030-04-31',
    '2030-13-01',
    '2030-00-10',
    '2030-1-1',
    '2030-01-01T00:00:00Z',
    '',
  ])('%s is not', (date) => {
    expect(isCalendarDate(date)).toBe(false);
  });
});

const companion: CompanionSubmissionInput = {
  serviceType: 'provide',
  fromAirport: 'DEL',
  toAirport: 'JFK',
  airline: 'Air India',
  flightNumber: 'AI 101',
  travelDate: '2030-03-10',
  confirmedTicket: true,
  passengerName: 'Ravi Nair',
  passengerAge: 34,
  passengerGender: 'male',
  languagesKnown: 'Hindi, English',
  freeService: true,
};

test('the companion form refuses impossible days (2030-02-30 passes Date.parse)', () => {
  expect(companionFormErrors(companion, '2030-01-01')).toEqual({});
  expect(companionFormErrors({ ...companion, travelDate: '2030-02-30' }, '2030-01-01').travelDate).toBe(
    'Travel Date must be a valid date',
  );
  const yetToBook = {
    ...companion,
    serviceType: 'need' as const,
    confirmedTicket: false,
    tentativeFromDate: '2030-02-30',
    tentativeToDate: '2030-03-02',
  };
  expect(companionFormErrors(yetToBook, '2030-01-01').tentativeFromDate).toBe(
    'Tentative From Date must be a valid date',
  );
  const layover = { ...companion, connectingFlights: [{ layoverAirport: 'DXB', date: '2030-02-31' }] };
  expect(companionFormErrors(layover, '2030-01-01').connectingFlights).toBe(
    'Layover date must be a valid date',
  );
});

test('search dates and travel plan dates must be real days', () => {
  expect(searchQuerySchema.safeParse({ from: 'DEL', from_date: '2030-02-30' }).success).toBe(false);
  expect(searchQuerySchema.safeParse({ from: 'DEL', to_date: '2030-04-31' }).success).toBe(false);
  expect(searchQuerySchema.safeParse({ from: 'DEL', from_date: '2030-02-28' }).success).toBe(true);
  const plan = { helpPreference: 'need_help', flights: [{ from: 'DEL', to: 'JFK', date: '2030-02-30' }] };
  const parsed = travelPlanRequestSchema.safeParse(plan);
  expect(parsed.success).toBe(false);
  expect(parsed.error?.issues[0]?.message).toBe('Travel Date must be a valid date');
});

test('e-mail addresses with control characters are refused, in sign-in and in support cases', () => {
  for (const character of ['\u0000', '\u0007', '\u001f', '\u007f', '\u0085']) {
    const email = `ravi${character}@example.com`;
    const result = emailAddressSchema.safeParse(email);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(AUTH_MESSAGES.invalidEmail);
    expect(
      createCaseRequestSchema.safeParse({ issueType: 'Other', emailAddress: email, details: 'x'.repeat(30) })
        .success,
    ).toBe(false);
  }
  expect(emailAddressSchema.parse('Ravi@Example.com')).toBe('ravi@example.com');
});

test('every companion request the form accepts matches the published body schema', () => {
  const accepted: CompanionSubmissionInput[] = [
    companion,
    {
      ...companion,
      serviceType: 'provide',
      confirmedTicket: false,
      fromAirport: ' del ',
      passengerGender: ' female ',
      passengerAge: '34',
    },
    { ...companion, serviceType: 'need', serviceCharges: '25', freeService: false },
    {
      serviceType: 'need',
      confirmedTicket: false,
      fromAirport: 'DEL',
      toAirport: 'JFK',
      tentativeFromDate: '2030-03-01',
      tentativeToDate: '2030-03-09',
      passengerName: 'Kamala',
      passengerAge: 70,
      passengerGender: 'female',
      languagesKnown: 'hindi',
      travelDate: 'ignored',
    },
    {
      ...companion,
      connectingFlights: [{ layoverAirport: 'dxb', date: '2030-03-10' }, { layoverAirport: '' }],
    },
  ];
  for (const input of accepted) {
    expect(companionFormErrors(input, '2030-01-01')).toEqual({});
    expect(companionRequestBodySchema.safeParse(input).success).toBe(true);
  }
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument() as {
    paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
  };
  const operation = (method: string, path: string) =>
    document.paths[path.replace(/:(\w+)/g, '{$1}')]![method.toLowerCase()]!;

  test('every route documents the answers the gateway itself can give', () => {
    for (const route of API_ROUTES) {
      const statuses = Object.keys(operation(route.method, route.path).responses);
      // Any proxied route: the service may be down or not deployed.
      expect(statuses).toContain('503');
      if (route.access === 'session' || route.access === 'admin')
        expect(statuses).toEqual(expect.arrayContaining(['401', '403']));
      if (route.rateLimited) expect(statuses).toContain('429');
      if (route.method !== 'GET') expect(statuses).toEqual(expect.arrayContaining(['403', '415']));
      if (route.path.includes(':')) expect(statuses).toEqual(expect.arrayContaining(['400', '404']));
    }
  });

  test('routes declare the service-specific errors they answer', () => {
    expect(Object.keys(operation('POST', '/api/auth/register-user').responses)).toContain('409');
    expect(Object.keys(operation('POST', '/api/auth/update-user-status').responses)).toContain('404');
    expect(Object.keys(operation('POST', '/help-support/create-case').responses)).toContain('429');
    // Issue 20: registration attempts are limited; per-user caps; a report about someone else's conversation.
    expect(Object.keys(operation('POST', '/api/auth/register-user').responses)).toContain('429');
    expect(Object.keys(operation('POST', '/api/companions/requests').responses)).toContain('409');
    expect(Object.keys(operation('POST', '/api/travel').responses)).toContain('409');
    expect(Object.keys(operation('POST', '/help-support/create-case').responses)).toContain('404');
  });

  test('the companion request body is the schema the service checks, airports and dates included', () => {
    const body = JSON.stringify(operation('POST', '/api/companions/requests').requestBody);
    expect(body).toContain('[A-Za-z]{3}');
    expect(body).toContain('"format":"date"');
  });

  test('the session routes are documented', () => {
    expect(operation('GET', '/api/auth/sessions')).toBeDefined();
    expect(operation('DELETE', '/api/auth/sessions/:id')).toBeDefined();
    expect(operation('POST', '/api/auth/logout-others')).toBeDefined();
  });
});
