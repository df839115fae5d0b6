/**
 * Direction overrides, embeddings and isolates (U+202A–U+202E, U+2066–U+2069) in text other people read
 * (issue 20): refused by the shared schemas, so the chat dialog, the companion and travel forms and the
 * services give the same clear 400, and the OpenAPI document says so.
 */
import {
  TEXT_MESSAGES,
  buildOpenApiDocument,
  companionFormErrors,
  errorCodeForMessage,
  registerUserRequestSchema,
  sendMessageRequestSchema,
  travelPlanRequestSchema,
  type CompanionSubmissionInput,
} from '../src';

const OVERRIDES = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
/** LRM, RLM and ALM: single marks that mixed Urdu, Sindhi or Arabic and English text needs. */
const MARKS = ['\u200e', '\u200f', '\u061c'];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase()}`;

const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('chat messages', () => {
  test.each(OVERRIDES.map((c) => [hex(c), c]))(
    '%s anywhere in a message is refused with the text of contracts',
    (_name, c) => {
      for (const text of [
        `${c}abc`,
        `see you at gate 12 ${c}exe.gpj`,
        `line one\n${c}line two`,
        `  ${c}  `,
      ]) {
        expect(firstError(sendMessageRequestSchema.safeParse({ message_text: text }))).toBe(
          TEXT_MESSAGES.directionControls,
        );
      }
    },
  );

  test.each(MARKS.map((c) => [hex(c), c]))('%s is kept', (_name, c) => {
    const text = `Shukriya ${c}شکریہ${c} see you`;
    expect(sendMessageRequestSchema.parse({ message_text: ` ${text} ` })).toEqual({ message_text: text });
  });

  test('blank and over-long messages keep their own texts', () => {
    expect(firstError(sendMessageRequestSchema.safeParse({ message_text: '   ' }))).toBe(
      'Please type a message before sending.',
    );
    expect(
      sendMessageRequestSchema.safeParse({ message_text: 'Hindi और English, emoji 👋 and ₹' }).success,
    ).toBe(true);
  });

  test('the refusal has a stable code for translation', () => {
    expect(errorCodeForMessage(TEXT_MESSAGES.directionControls)).toBe('text.directionControls');
  });
});

describe('companion requests and travel plans', () => {
  const request: CompanionSubmissionInput = {
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
    languagesKnown: 'Hindi',
    freeService: true,
    description: 'Happy to help',
    connectingFlights: [
      { layoverAirport: 'DXB', airline: 'Emirates', flightNumber: 'EK 511', date: '2030-03-10' },
    ],
  };

  test.each<[string, Partial<typeof request>]>([
    ['passengerName', { passengerName: 'Ravi \u202eriaN' }],
    ['description', { description: 'at \u2067gate\u2069 12' }],
    ['airline', { airline: 'Air\u202b India' }],
    ['flightNumber', { flightNumber: 'AI\u202d101' }],
    ['connectingFlights', { connectingFlights: [{ layoverAirport: 'DXB', airline: 'Emi\u2068rates' }] }],
  ])('the form refuses an override in %s, under that field', (field, change) => {
    const errors: Record<string, string | undefined> = companionFormErrors(
      { ...request, ...change },
      '2030-01-01',
    );
    expect(errors[field]).toBe(TEXT_MESSAGES.directionControls);
  });

  test('the marks are kept in a companion request', () => {
    expect(companionFormErrors({ ...request, description: 'Urdu \u200fشکریہ\u200f' }, '2030-01-01')).toEqual(
      {},
    );
  });

  test.each([
    [{ travelerInfo: { name: 'Kamala \u202eDevi' } }],
    [{ travelerInfo: { specialNeeds: 'wheelchair \u2066please' } }],
    [{ travelerInfo: { languages: ['Hindi\u202e'] } }],
    [{ flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-10', airline: 'Air\u202a India' }] }],
  ])('a travel plan refuses an override: %j', (change) => {
    const plan = {
      helpPreference: 'need_help',
      flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-10' }],
      ...change,
    };
    expect(firstError(travelPlanRequestSchema.safeParse(plan))).toBe(TEXT_MESSAGES.directionControls);
  });
});

describe('names at registration', () => {
  test("the spec strips everything but letters, spaces and . ' - from a full name, so overrides go too", () => {
    const parsed = registerUserRequestSchema.parse({
      fullname: 'Asha\u202e Rao\u2066',
      phone_number: '+919876543211',
      accepted_terms: true,
    });
    expect(parsed.fullname).toBe('Asha Rao');
  });
});

describe('the OpenAPI document states the rule', () => {
  const document = buildOpenApiDocument() as {
    paths: Record<
      string,
      Record<
        string,
        { requestBody: { content: { 'application/json': { schema: Record<string, unknown> } } } }
      >
    >;
  };
  const bodySchema = (path: string) =>
    document.paths[path]!.post!.requestBody.content['application/json'].schema;
  /** Every `pattern` in a JSON Schema, wherever it is. */
  const patterns = (schema: unknown): string[] =>
    schema && typeof schema === 'object'
      ? Object.entries(schema).flatMap(([key, value]) =>
          key === 'pattern' && typeof value === 'string' ? [value] : patterns(value),
        )
      : [];

  test('a message with an override does not match the published pattern; an ordinary one does', () => {
    const [pattern] = patterns(
      (bodySchema('/api/chat/conversations/{id}/messages').properties as Record<string, unknown>)
        .message_text,
    );
    const regex = new RegExp(pattern!);
    expect(regex.test('  see you at the gate  ')).toBe(true);
    expect(regex.test('Shukriya \u200fشکریہ\u200f')).toBe(true);
    for (const c of OVERRIDES) expect(regex.test(`see you ${c}at the gate`)).toBe(false);
  });

  test('the companion request and travel plan bodies publish the rule on their free text', () => {
    const companionProperties = (
      bodySchema('/api/companions/requests').anyOf as Array<{ properties: Record<string, unknown> }>
    )[0]!.properties;
    for (const field of ['passengerName', 'description', 'airline', 'flightNumber']) {
      expect(
        patterns(companionProperties[field]).some(
          (p) => !new RegExp(p).test('Ravi \u202eriaN') && new RegExp(p).test('Ravi Nair'),
        ),
      ).toBe(true);
    }
    const traveler = (
      bodySchema('/api/travel').properties as Record<string, { properties: Record<string, unknown> }>
    ).travelerInfo!.properties;
    for (const field of ['name', 'specialNeeds']) {
      expect(patterns(traveler[field]).some((p) => !new RegExp(p).test('Kamala \u2067Devi'))).toBe(true);
    }
  });
});
