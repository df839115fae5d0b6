/** Fresh test users: every test makes its own, so tests never depend on order or a clean database. */
import { randomBytes, randomInt } from 'node:crypto';
import { mobileDigitsError, type User } from '@safarsaathi/contracts';
import { ApiClient } from './api-client';
import { createMailClient } from './mail-client';

export function freshEmail(label = 'traveller'): string {
  return `${label}.${Date.now().toString(36)}.${randomBytes(4).toString('hex')}@example.test`;
}

export function freshMobileDigits(): string {
  for (;;) {
    const digits = `${randomInt(6, 10)}${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
    if (mobileDigitsError(digits) === null) return digits;
  }
}

/** The ids of the mail `email` has now: a code read after a request must be in a message not among them. */
export async function mailIdsTo(email: string): Promise<Set<string>> {
  return new Set((await createMailClient().searchTo(email)).map((message) => message.ID));
}

/**
 * Reads the newest one-time code e-mailed to `email` (from Mailpit or the development catcher) since `after`
 * (a second's slack: the Date header counts whole seconds), leaving out the messages in `seen`. Each browser
 * gets a code of its own, so a test that signs one address in from two browsers passes `seen`.
 */
export async function readCodeFromMail(
  email: string,
  after = 0,
  timeoutMs = 15_000,
  seen?: Set<string>,
): Promise<string> {
  const message = await createMailClient().waitForMessageTo(email, {
    timeoutMs,
    predicate: (m) =>
      /verification code|सत्यापन कोड/i.test(m.Subject) &&
      new Date(m.Date).getTime() >= after - 1000 &&
      !seen?.has(m.ID),
  });
  const code = /\b(\d{6})\b/.exec(message.Text)?.[1];
  if (!code) throw new Error(`no 6-digit code in the e-mail to ${email}`);
  return code;
}

/** Requests a code, reads it from the mail catcher and verifies it: the client now holds a session. */
export async function signIn(client: ApiClient, email: string): Promise<User> {
  const seen = await mailIdsTo(email);
  let requestedAt = Date.now();
  let sent = await client.post('/api/auth/register', { emailAddress: email, emailConsent: true });
  const retryAfter = Number(sent.headers.get('retry-after'));
  if (sent.status === 429 && retryAfter > 0 && retryAfter <= 5) {
    // The resend cooldown: wait it out, as a person would.
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    requestedAt = Date.now();
    sent = await client.post('/api/auth/register', { emailAddress: email, emailConsent: true });
  }
  if (sent.status !== 200) throw new Error(`register failed: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code =
    typeof sent.body.otp === 'string'
      ? sent.body.otp
      : await readCodeFromMail(email, requestedAt, undefined, seen);
  const verified = await client.post<{ user: User }>('/api/auth/verify-otp', {
    emailAddress: email,
    otp: code,
  });
  if (verified.status !== 200)
    throw new Error(`verify failed: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.user;
}

/** A signed-in, registered user with a fresh e-mail and phone number. */
export async function createSignedInUser(
  gatewayUrl: string,
  options: { email?: string; fullname?: string; dialCode?: string } = {},
): Promise<{ client: ApiClient; user: User; email: string; phone: string }> {
  const client = new ApiClient(gatewayUrl);
  const email = options.email ?? freshEmail();
  await signIn(client, email);
  const phone = `${options.dialCode ?? '+91'}${freshMobileDigits()}`;
  const registered = await client.post<{ user: User }>('/api/auth/register-user', {
    emailAddress: email,
    fullname: options.fullname ?? 'Asha Traveller',
    phone_number: phone,
    accepted_terms: true,
  });
  if (registered.status !== 200)
    throw new Error(`register-user failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { client, user: registered.body.user, email, phone };
}
