import {
  AUTH_MESSAGES,
  COUNTRIES,
  blockedMessage,
  mailboxOf,
  mobileDigitsError,
  registerUserRequestSchema,
  sanitizeFullName,
  searchCountries,
  sendCodeRequestSchema,
  splitPhoneNumber,
  verifyOtpRequestSchema,
} from '../src';

const firstError = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('login e-mail', () => {
  test.each(['', '   ', 'plain', 'a@b', '@b.co', 'a b@c.de'])(
    '%j is refused with the spec message',
    (email) => {
      expect(firstError(sendCodeRequestSchema.safeParse({ emailAddress: email }))).toBe(
        AUTH_MESSAGES.invalidEmail,
      );
    },
  );
  test('a valid e-mail is trimmed and lower-cased', () => {
    expect(sendCodeRequestSchema.parse({ emailAddress: '  Asha@Example.COM ' }).emailAddress).toBe(
      'asha@example.com',
    );
  });
  test('every +tag spelling of an address names one mailbox: lower-cased, without the tag', () => {
    for (const spelling of ['asha@mail.in', 'Asha+trip@Mail.IN', 'asha+@mail.in', 'ASHA+a+b@mail.in'])
      expect([spelling, mailboxOf(spelling)]).toEqual([spelling, 'asha@mail.in']);
    // A local part that is only a tag, and an address without one, stay as they are.
    expect(mailboxOf('+asha@mail.in')).toBe('+asha@mail.in');
    expect(mailboxOf('ravi.kumar@mail.in')).toBe('ravi.kumar@mail.in');
  });
});

describe('code', () => {
  test.each(['', '12345', '1234567', '12a456'])('%j is refused with the spec message', (otp) => {
    expect(firstError(verifyOtpRequestSchema.safeParse({ emailAddress: 'a@b.co', otp }))).toBe(
      AUTH_MESSAGES.incompleteOtp,
    );
  });
});

describe('full name', () => {
  test.each([
    ['Asha  Devi', 'Asha Devi'],
    ["D'Souza-Rao Jr.", "D'Souza-Rao Jr."],
    ['R@vi 123 Kumar!', 'Rvi Kumar'],
    ['Zoë Ñuñez', 'Zoë Ñuñez'],
    ['x'.repeat(80), 'x'.repeat(60)],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeFullName(input)).toBe(expected);
  });
});

describe('mobile number', () => {
  test.each([
    ['', AUTH_MESSAGES.mobileRequired],
    ['98765', AUTH_MESSAGES.mobileInvalid],
    ['1111111111', AUTH_MESSAGES.mobileInvalid],
    ['1234567890', AUTH_MESSAGES.mobileInvalid],
    ['1234567891', AUTH_MESSAGES.mobileInvalid],
    ['1234567895', AUTH_MESSAGES.mobileInvalid],
    ['9876543210', AUTH_MESSAGES.mobileInvalid],
    ['1212121212', AUTH_MESSAGES.mobileInvalid],
    ['9876501234', null],
  ])('%j gives %j', (digits, message) => {
    expect(mobileDigitsError(digits)).toBe(message);
  });

  test('the dial code is recognised, longest first', () => {
    expect(splitPhoneNumber('+9719876501234')).toEqual({ dialCode: '+971', digits: '9876501234' });
    expect(splitPhoneNumber('+19876501234')).toEqual({ dialCode: '+1', digits: '9876501234' });
    expect(splitPhoneNumber('+999876501234')).toBeNull();
  });
});

describe('registration payload', () => {
  const valid = { fullname: 'Asha Devi', phone_number: '+919876501234', accepted_terms: true };
  test('valid', () => {
    expect(registerUserRequestSchema.parse(valid)).toMatchObject(valid);
  });
  test.each([
    [{ fullname: '' }, AUTH_MESSAGES.fullNameRequired],
    [{ fullname: '!!!' }, AUTH_MESSAGES.fullNameRequired],
    [{ phone_number: '' }, AUTH_MESSAGES.mobileRequired],
    [{ phone_number: '+919876543210' }, AUTH_MESSAGES.mobileInvalid],
    [{ accepted_terms: false }, AUTH_MESSAGES.termsRequired],
    [{ accepted_terms: undefined }, AUTH_MESSAGES.termsRequired],
  ])('%j is refused with %j', (change, message) => {
    expect(firstError(registerUserRequestSchema.safeParse({ ...valid, ...change }))).toBe(message);
  });
});

describe('countries', () => {
  test('51 countries, default United States +1, spec examples present, New Zealand last', () => {
    expect(COUNTRIES).toHaveLength(51);
    expect(COUNTRIES[0]).toMatchObject({ code: 'US', dialCode: '+1', flag: '🇺🇸' });
    const byName = Object.fromEntries(COUNTRIES.map((c) => [c.name, c.dialCode]));
    expect(byName).toMatchObject({
      Canada: '+1',
      'United Kingdom': '+44',
      India: '+91',
      Germany: '+49',
      Japan: '+81',
      'United Arab Emirates': '+971',
      'New Zealand': '+64',
    });
    expect(COUNTRIES.at(-1)?.name).toBe('New Zealand');
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(51);
  });
  test('search matches name, dial code or code', () => {
    expect(searchCountries('kingdom').map((c) => c.code)).toEqual(['GB']);
    expect(searchCountries('+971').map((c) => c.code)).toEqual(['AE']);
    expect(searchCountries('jp').map((c) => c.code)).toEqual(['JP']);
    expect(searchCountries('zzz')).toEqual([]);
  });
});

test('blocked message keeps the wording given by the spec', () => {
  expect(blockedMessage('spam', 'help@x.org')).toBe(
    'You access is blocked with reason: spam. Please contact us at help@x.org',
  );
});
