/**
 * Control characters in free text (issue 36, item 5): C0 but tab and line feed, DEL and C1 are refused with
 * `text.controlCharacters` in every field people type, beside the direction controls of issue 20
 * (validation.ts plainText); the service, the web forms (the same schemas) and the OpenAPI document agree.
 */
import type { z } from 'zod';
import {
  TEXT_MESSAGES,
  buildOpenApiDocument,
  companionFormErrors,
  createCaseRequestSchema,
  errorCodeForMessage,
  meetingRequestSchema,
  referenceRequestSchema,
  registerUserRequestSchema,
  reportConversationRequestSchema,
  sendMessageRequestSchema,
  setUserStatusRequestSchema,
  travelPlanRequestSchema,
  updateCaseRequestSchema,
  updateUserStatusRequestSchema,
  type CompanionSubmissionInput,
} from '../src';

/** One of each kind: NUL, BEL, BS, VT, FF, CR, ESC, US, DEL, NEL (C1) and APC (C1's last). */
const CONTROLS = [
  '\u0000',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

/** Every free-text field of a request: the schema, a body it accepts, and how to put a text in the field. */
const FIELDS: Array<[string, z.ZodType, Record<string, unknown>, (text: string) => Record<string, unknown>]> =
  [
    [
      'chat message',
      sendMessageRequestSchema,
      { message_text: 'See you at gate 12' },
      (t) => ({ message_text: t }),
    ],
    [
      'report details',
      reportConversationRequestSchema,
      { reason: 'scam', details: 'He asked me to carry a parcel for him.' },
      (t) => ({ reason: 'scam', details: `He asked me to carry a parcel ${t}` }),
    ],
    [
      'support case details',
      createCaseRequestSchema,
      { issueType: 'Other', emailAddress: 'asha@example.com', details: 'My trip does not show up.' },
      (t) => ({
        issueType: 'Other',
        emailAddress: 'asha@example.com',
        details: `My trip does not show ${t}`,
      }),
    ],
    [
      'meeting place',
      meetingRequestSchema,
      { place: 'Gate 32, Terminal 3', time: '2030-03-10T08:45:00+05:30' },
      (t) => ({ place: `Gate 32 ${t}`, time: '2030-03-10T08:45:00+05:30' }),
    ],
    [
      'reference',
      referenceRequestSchema,
      { rating: 'positive', text: 'Kind and helpful all the way.' },
      (t) => ({ rating: 'positive', text: `Kind and helpful all the way ${t}` }),
    ],
    [
      'case note',
      updateCaseRequestSchema,
      { status: 'closed', note: 'Spoke to both.' },
      (t) => ({ status: 'closed', note: `Spoke ${t}` }),
    ],
    [
      'case reply (issue 38)',
      updateCaseRequestSchema,
      { reply: 'Call the Air India desk at gate 12; they know.' },
      (t) => ({ reply: `Call the desk ${t}` }),
    ],
    [
      'status reason (console)',
      setUserStatusRequestSchema,
      { status: 'Block', status_reason: 'Asked for money' },
      (t) => ({ status: 'Block', status_reason: `Asked ${t}` }),
    ],
    [
      'status reason (by phone)',
      updateUserStatusRequestSchema,
      { phoneNumber: '+919876543211', status: 'Block', status_reason: 'Asked for money' },
      (t) => ({ phoneNumber: '+919876543211', status: 'Block', status_reason: `Asked ${t}` }),
    ],
    [
      'travel plan name',
      travelPlanRequestSchema,
      { helpPreference: 'need_help', flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-10' }] },
      (t) => ({
        helpPreference: 'need_help',
        flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-10' }],
        travelerInfo: { name: `Kamala ${t}Devi` },
      }),
    ],
    [
      'travel plan special needs',
      travelPlanRequestSchema,
      { helpPreference: 'need_help', flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-10' }] },
      (t) => ({
        helpPreference: 'need_help',
        flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-10', airline: `Air ${t}India` }],
      }),
    ],
  ];

describe.each(FIELDS)('%s', (_name, schema, valid, withText) => {
  test('an ordinary text is accepted, line breaks and tabs included', () => {
    expect(issues(schema.safeParse(valid))).toEqual([]);
    expect(issues(schema.safeParse(withText('line one\nline two\tand a tab')))).toEqual([]);
  });

  test.each(CONTROLS.map((c) => [hex(c), c]))('%s is refused with the shared text', (_code, c) => {
    expect(issues(schema.safeParse(withText(c)))).toContain(TEXT_MESSAGES.controlCharacters);
  });

  test('a direction override is refused with its own text', () => {
    expect(issues(schema.safeParse(withText('\u202e')))).toContain(TEXT_MESSAGES.directionControls);
  });
});

describe('a control character at either end is refused, not trimmed away', () => {
  test.each(['\r', '\u000b', '\u000c', '\u0085'].map((c) => [hex(c), c]))('%s', (_code, c) => {
    expect(issues(sendMessageRequestSchema.safeParse({ message_text: `${c}hello` }))).toEqual([
      TEXT_MESSAGES.controlCharacters,
    ]);
    expect(issues(sendMessageRequestSchema.safeParse({ message_text: `hello${c}` }))).toEqual([
      TEXT_MESSAGES.controlCharacters,
    ]);
  });
});

describe('the companion form', () => {
  const request: CompanionSubmissionInput = {
    serviceType: 'need',
    fromAirport: 'DEL',
    toAirport: 'JFK',
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: '2030-03-10',
    confirmedTicket: true,
    passengerName: 'Kamala Rao',
    passengerAge: 79,
    passengerGender: 'female',
    languagesKnown: 'Hindi',
    description: 'Needs a wheelchair at the gate',
    emergencyContactName: 'Vikram Rao',
    emergencyContactPhone: '+919812345670',
    connectingFlights: [{ layoverAirport: 'DXB', airline: 'Emirates', flightNumber: 'EK 511' }],
  };

  test.each<[string, Partial<CompanionSubmissionInput>]>([
    ['passengerName', { passengerName: 'Kamala\u0007 Rao' }],
    ['description', { description: 'Wheelchair\u001b[2J at the gate' }],
    ['airline', { airline: 'Air\u0000India' }],
    ['flightNumber', { flightNumber: 'AI\u007f101' }],
    ['emergencyContactName', { emergencyContactName: 'Vikram\u0085Rao' }],
    ['languagesKnown', { languagesKnown: 'Hindi\r' }],
    ['connectingFlights', { connectingFlights: [{ layoverAirport: 'DXB', airline: 'Emi\u0008rates' }] }],
  ])('refuses a control character in %s, under that field', (field, change) => {
    expect(companionFormErrors(request, '2030-01-01')).toEqual({});
    const errors: Record<string, string | undefined> = companionFormErrors(
      { ...request, ...change },
      '2030-01-01',
    );
    expect(errors[field]).toBe(TEXT_MESSAGES.controlCharacters);
  });

  test('a description keeps its line breaks', () => {
    expect(
      companionFormErrors({ ...request, description: 'Needs a wheelchair\nand a window seat' }, '2030-01-01'),
    ).toEqual({});
  });
});

test("registration names keep only letters, spaces and . ' - (the spec's rule), so control characters go too", () => {
  const parsed = registerUserRequestSchema.parse({
    fullname: 'Asha\u0007 Rao\r\u0085',
    phone_number: '+919876543211',
    accepted_terms: true,
  });
  expect(parsed.fullname).toBe('Asha Rao');
});

test('the refusal has a stable code for translation', () => {
  expect(errorCodeForMessage(TEXT_MESSAGES.controlCharacters)).toBe('text.controlCharacters');
});

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: { 'application/json': { schema: unknown } } } }>
    >;
  };

  /** Every string of a body: where it is and whether its published patterns let `text` through. */
  function strings(node: unknown, at: string, text: string): Array<{ at: string; accepts: boolean }> {
    if (!node || typeof node !== 'object') return [];
    const schema = node as Record<string, unknown>;
    const found: Array<{ at: string; accepts: boolean }> = [];
    if (schema.type === 'string' && !schema.enum && schema.const === undefined) {
      const patterns = [
        schema.pattern,
        ...((schema.allOf as Array<{ pattern?: string }>) ?? []).map((e) => e.pattern),
      ];
      found.push({
        at,
        accepts: patterns.every((pattern) => typeof pattern !== 'string' || new RegExp(pattern).test(text)),
      });
    }
    for (const [key, value] of Object.entries((schema.properties as Record<string, unknown>) ?? {}))
      found.push(...strings(value, `${at}.${key}`, text));
    found.push(...strings(schema.items, `${at}[]`, text));
    for (const key of ['anyOf', 'oneOf'])
      for (const option of (schema[key] as unknown[]) ?? []) found.push(...strings(option, at, text));
    return found;
  }

  const bodies = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      operation.requestBody
        ? [
            [
              `${method.toUpperCase()} ${path}`,
              operation.requestBody.content['application/json'].schema,
            ] as const,
          ]
        : [],
    ),
  );

  /**
   * Strings of a body that are not free text: ids, codes, phone numbers, an address, a proof of work, an age
   * typed as text, and the registration name, which the spec's rule strips to letters, spaces and . ' -.
   */
  const NOT_FREE_TEXT = new Set([
    'altcha',
    'fullname',
    'phone_number',
    'phoneNumber',
    'emergencyContactPhone',
    'passengerAge',
    'layoverAirport',
    'handover_code',
    'submittedAt',
    'id',
    'target_caseid',
    'user_caseid',
    'matched_caseid',
    'target_user_email',
    'conversation_id',
    'endpoint',
  ]);

  test('every free-text string of every body refuses control characters and direction overrides, as published', () => {
    const unguarded = bodies.flatMap(([route, schema]) =>
      [...strings(schema, route, 'see\u0007you'), ...strings(schema, route, 'see\u202eyou')]
        .filter(
          (field) => field.accepts && !NOT_FREE_TEXT.has(field.at.split('.').at(-1)!.replace(/\[\]$/, '')),
        )
        .map((field) => field.at),
    );
    expect([...new Set(unguarded)]).toEqual([]);
  });

  test('a trimmed field states both rules over the text as sent, and still takes an ordinary text', () => {
    const [message] = bodies.filter(([route]) => route === 'POST /api/chat/conversations/{id}/messages');
    const fields = strings(message![1], 'message_text', '  see you\nat the gate  ');
    expect(fields).toEqual([{ at: 'message_text.message_text', accepts: true }]);
    for (const c of [...CONTROLS, '\u202e'])
      expect(strings(message![1], 'message_text', `see you ${c}`)[0]!.accepts).toBe(false);
  });
});
