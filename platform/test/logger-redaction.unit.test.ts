/**
 * Logs never carry an e-mail address, a phone number or a name (issue 40): whatever a line is given (a
 * message, fields named like personal data at any depth, an error whose text holds an address, a job id, a
 * URL), the written line holds none of them, and ids, counts and error codes stay readable.
 */
import { Writable } from 'node:stream';
import { createLogger, scrubText, setLogSink } from '../src/logger';

function capture(): { lines: string[]; done: () => void } {
  const lines: string[] = [];
  setLogSink(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    }),
  );
  return { lines, done: () => setLogSink(undefined) };
}

const EMAIL = 'meera.sharma+trip@example.test';
const PHONE = '+919876543210';

test('no e-mail, phone or name reaches a log line, however it is given', () => {
  const { lines, done } = capture();
  const logger = createLogger('test', 'debug');
  logger.info(`sending the code to ${EMAIL}`);
  logger.info({ email: EMAIL, fullname: 'Meera Sharma', userId: 'u1', count: 3 }, 'registered');
  logger.warn(
    { job: { to: EMAIL, data: { passenger_name: 'Kamala Sharma' } }, jobId: `otp-${EMAIL}-12` },
    'queued',
  );
  logger.error(
    { err: new Error(`E11000 duplicate key { email: "${EMAIL}" } phone ${PHONE}`) },
    'write failed',
  );
  logger.info(
    { url: `/api/admin/users?email=${encodeURIComponent(EMAIL)}&phone=9876543210` },
    'request completed',
  );
  logger.info({ nested: { deeper: { phone_number: PHONE, details: 'my mother is unwell' } } }, 'case');
  done();
  const written = lines.join('');
  for (const secret of [EMAIL, 'meera.sharma', PHONE, '9876543210', 'Meera', 'Kamala', 'unwell'])
    expect(written).not.toContain(secret);
  // Ids, counts and the error's kind stay.
  expect(written).toContain('"userId":"u1"');
  expect(written).toContain('"count":3');
  expect(written).toContain('E11000 duplicate key');
  expect(lines).toHaveLength(6);
});

test('scrubText masks addresses and phone numbers, and leaves dates, times and ids alone', () => {
  expect(scrubText(`to ${EMAIL} or ${PHONE}`)).toBe('to [email] or [phone]');
  expect(scrubText('call +44 20 7946 0958 today')).toBe('call [phone] today');
  expect(scrubText('phone=9876543210&x')).toBe('phone=[phone]&x');
  // A correlation id with ten digits in a row stays whole (seen masked in a CI rehearsal's gateway log).
  const plain =
    '2026-12-16T09:30:00.000Z SC-AB12CD34 took 1733000000000 ms offset 42 id 3e8c3b6b3a8817529df5b1234567890d';
  expect(scrubText(plain)).toBe(plain);
});
