/**
 * The web forms' schemas (react-hook-form + zodResolver) are derived from the bodies the services
 * validate: each must refuse what the service refuses, with the spec's words, under the right field.
 */
import {
  AUTH_MESSAGES,
  COMPANION_MESSAGES,
  SUPPORT_MESSAGES,
  TRAVEL_MESSAGES,
  addDays,
  companionFormErrors,
  companionFormSchema,
  createCaseRequestSchema,
  loginCodeFormSchema,
  loginEmailFormSchema,
  registrationFormSchema,
  registerUserRequestSchema,
  standaloneCodeFormSchema,
  travelPlanFormSchema,
  travelPlanRequestSchema,
  travelPlanRuleIssue,
  verifyOtpRequestSchema,
  type CompanionFormValues,
} from '../src';

type Parsed = { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
/** The first issue of each field as "path: message": what zodResolver shows under the form's fields. */
const issuesOf = (result: Parsed) => {
  const firstByPath = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const path = issue.path.join('.');
    if (!firstByPath.has(path)) firstByPath.set(path, `${path}: ${issue.message}`);
  }
  return [...firstByPath.values()];
};

describe('login forms', () => {
  test.each([[''], ['   '], ['asha'], ['asha@example'], ['a b@example.com']])(
    'the address %p is refused as send-code refuses it',
    (email) => {
      expect(issuesOf(loginEmailFormSchema.safeParse({ emailAddress: email, emailConsent: true }))).toEqual([
        `emailAddress: ${AUTH_MESSAGES.invalidEmail}`,
      ]);
    },
  );

  test('a valid address is trimmed and lower-cased as the service stores it', () => {
    expect(
      loginEmailFormSchema.parse({ emailAddress: ' Asha@Example.COM ', emailConsent: true }).emailAddress,
    ).toBe('asha@example.com');
  });

  test.each([[''], ['12345'], ['12 456'], ['1234567'], ['12345a']])(
    'the code %p is refused with the spec message on both screens',
    (otp) => {
      expect(issuesOf(loginCodeFormSchema.safeParse({ otp }))).toEqual([
        `otp: ${AUTH_MESSAGES.incompleteOtp}`,
      ]);
      // The same rule as verify-otp's body.
      expect(verifyOtpRequestSchema.safeParse({ emailAddress: 'a@b.co', otp }).success).toBe(false);
      expect(issuesOf(standaloneCodeFormSchema('Please enter all 6 digits').safeParse({ otp }))).toEqual([
        'otp: Please enter all 6 digits',
      ]);
    },
  );

  test('six digits pass', () => {
    expect(loginCodeFormSchema.safeParse({ otp: '123456' }).success).toBe(true);
    expect(standaloneCodeFormSchema('x').safeParse({ otp: '123456' }).success).toBe(true);
  });
});

describe('registration form', () => {
  const valid = {
    fullname: 'Priya Sharma',
    countryCode: 'IN',
    mobileDigits: '9812345678',
    accepted_terms: true,
  };

  test('a valid form gives exactly what register-user accepts', () => {
    const form = registrationFormSchema.parse(valid);
    expect(
      registerUserRequestSchema.safeParse({
        fullname: form.fullname,
        phone_number: `+91${form.mobileDigits}`,
        accepted_terms: true,
      }).success,
    ).toBe(true);
  });

  test.each([
    [{ fullname: '  ' }, `fullname: ${AUTH_MESSAGES.fullNameRequired}`],
    [{ fullname: '123' }, `fullname: ${AUTH_MESSAGES.fullNameRequired}`],
    [{ mobileDigits: '' }, `mobileDigits: ${AUTH_MESSAGES.mobileRequired}`],
    [{ mobileDigits: '98123' }, `mobileDigits: ${AUTH_MESSAGES.mobileInvalid}`],
    [{ mobileDigits: '1234567890' }, `mobileDigits: ${AUTH_MESSAGES.mobileInvalid}`],
    [{ mobileDigits: '7777777777' }, `mobileDigits: ${AUTH_MESSAGES.mobileInvalid}`],
    [{ accepted_terms: false }, `accepted_terms: ${AUTH_MESSAGES.termsRequired}`],
  ])('%p is refused with the spec message, as register-user refuses it', (change, issue) => {
    const input = { ...valid, ...change };
    expect(issuesOf(registrationFormSchema.safeParse(input))).toEqual([issue]);
    const body = {
      fullname: input.fullname,
      phone_number: `+91${input.mobileDigits}`,
      accepted_terms: input.accepted_terms,
    };
    expect(registerUserRequestSchema.safeParse(body).success).toBe(false);
  });

  test('a country not on the list is refused', () => {
    expect(registrationFormSchema.safeParse({ ...valid, countryCode: 'XX' }).success).toBe(false);
  });
});

describe('companion form schema: the service rules (companionFormErrors) under each field', () => {
  const EARLIEST = '2030-01-10';
  const DAY = addDays(EARLIEST, 20);
  const valid: CompanionFormValues = {
    serviceType: 'provide',
    fromAirport: 'del',
    toAirport: 'JFK',
    airline: 'Air India',
    flightNumber: 'AI 101',
    travelDate: DAY,
    confirmedTicket: true,
    connectingFlights: [],
    passengerName: 'Ravi Nair',
    passengerAge: '34',
    passengerGender: 'male',
    languagesKnown: ['Hindi', 'English'],
    serviceCharges: '150',
    freeService: false,
  };
  const schema = companionFormSchema(EARLIEST);

  test('a valid form becomes a body the service accepts', () => {
    const body = schema.parse(valid);
    expect(body.languagesKnown).toBe('Hindi, English');
    expect(body.fromAirport).toBe('DEL');
    expect(companionFormErrors(body, EARLIEST)).toEqual({});
  });

  test.each([
    ['an impossible date', { travelDate: '2030-02-30' }, 'travelDate: Travel Date must be a valid date'],
    [
      'a past date',
      { travelDate: addDays(EARLIEST, -1) },
      `travelDate: ${COMPANION_MESSAGES.pastDate('Travel Date')}`,
    ],
    ['the same airports', { toAirport: 'DEL' }, `toAirport: ${COMPANION_MESSAGES.sameAirports}`],
    ['no languages', { languagesKnown: [] }, 'languagesKnown: Languages Known is required'],
    ['an age of 121', { passengerAge: '121' }, `passengerAge: ${COMPANION_MESSAGES.ageRange}`],
    ['no airline', { airline: '' }, 'airline: Airline Name is required'],
    ['no name (provider)', { passengerName: ' ' }, 'passengerName: Your Name is required'],
    [
      'an impossible layover date',
      { connectingFlights: [{ layoverAirport: 'DXB', airline: '', flightNumber: '', date: '2030-02-30' }] },
      'connectingFlights: Layover date must be a valid date',
    ],
    [
      'a yet-to-book range the wrong way round',
      {
        serviceType: 'need',
        confirmedTicket: false,
        tentativeFromDate: addDays(DAY, 3),
        tentativeToDate: DAY,
        passengerName: 'Kamala',
      },
      `tentativeToDate: ${COMPANION_MESSAGES.tentativeOrder}`,
    ],
  ] as const)('%s is refused with the service message', (_case, change, issue) => {
    const input = { ...valid, ...change } as CompanionFormValues;
    expect(issuesOf(schema.safeParse(input))).toEqual([issue]);
    // The service answers the body with the same message.
    const body = { ...input, languagesKnown: (input.languagesKnown ?? []).join(', ') };
    const [field, message] = issue.split(': ');
    expect(companionFormErrors(body, EARLIEST)[field as keyof ReturnType<typeof companionFormErrors>]).toBe(
      message,
    );
  });
});

describe('travel form schema: the body schema and the service rules', () => {
  const EARLIEST = '2030-01-10';
  const valid = {
    helpPreference: 'need_help' as const,
    flights: [{ from: 'DEL', to: 'JFK', date: '2030-03-01', airline: '', flightNumber: '' }],
    travelerInfo: { name: '', age: '', gender: '' as const, languages: ['Hindi'], specialNeeds: '' },
  };
  const schema = travelPlanFormSchema(EARLIEST);

  test('a valid plan passes both', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(travelPlanRuleIssue(travelPlanRequestSchema.parse(valid), EARLIEST)).toBeUndefined();
  });

  test.each([
    [
      'no help preference',
      { helpPreference: '' },
      `helpPreference: ${TRAVEL_MESSAGES.helpPreferenceRequired}`,
    ],
    [
      'an impossible date',
      { flights: [{ ...valid.flights[0], date: '2030-02-30' }] },
      'flights.0.date: Travel Date must be a valid date',
    ],
    ['no date', { flights: [{ ...valid.flights[0], date: '' }] }, 'flights.0.date: Travel Date is required'],
    [
      'a past date',
      { flights: [{ ...valid.flights[0], date: '2030-01-09' }] },
      `flights.0.date: ${COMPANION_MESSAGES.pastDate('Travel Date')}`,
    ],
    [
      'the same airports',
      { flights: [{ ...valid.flights[0], to: 'DEL' }] },
      `flights.0.to: ${COMPANION_MESSAGES.sameAirports}`,
    ],
    [
      'an age of 0',
      { travelerInfo: { ...valid.travelerInfo, age: '0' } },
      `travelerInfo.age: ${COMPANION_MESSAGES.ageRange}`,
    ],
  ])('%s is refused with the service message', (_case, change, issue) => {
    expect(issuesOf(schema.safeParse({ ...valid, ...change }))).toEqual([issue]);
  });
});

describe('support case form', () => {
  test.each([
    [{ issueType: '' }, `issueType: ${SUPPORT_MESSAGES.issueTypeRequired}`],
    [{ emailAddress: '' }, `emailAddress: ${SUPPORT_MESSAGES.emailRequired}`],
    [{ emailAddress: 'asha@' }, `emailAddress: ${SUPPORT_MESSAGES.emailInvalid}`],
    [{ details: `  ${'x'.repeat(19)}  ` }, `details: ${SUPPORT_MESSAGES.detailsTooShort}`],
  ])('%p is refused with the spec message', (change, issue) => {
    const input = {
      issueType: 'Other',
      emailAddress: 'asha@example.com',
      details: 'x'.repeat(20),
      ...change,
    };
    expect(issuesOf(createCaseRequestSchema.safeParse(input))).toEqual([issue]);
  });
});
