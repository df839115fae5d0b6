/**
 * The address rule (contracts' addr-spec) against the mailer that delivers: every address the rule accepts
 * is one nodemailer sends to unchanged, so a limit keyed on the address counts the inbox the mail reaches.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { emailAddressSchema } from '@safarsaathi/contracts';

const refused = [
  'v@x.io(2)', // a comment: nodemailer drops it and delivers to v@x.io
  'v(2)@x.io',
  '"v"@x.io', // a quoted local part
  '"v w"@x.io',
  'v@[192.0.2.1]', // a domain literal
  'V <v@x.io>', // a display name
  'v@x.io, w@x.io', // two recipients
  'v@x.io;w@x.io',
  'v..w@x.io',
  '.v@x.io',
  'v.@x.io',
  'v@x..io',
  'v@-x.io',
  'v@x-.io',
  'v@x.i0',
  'vé@x.io', // non-ASCII: rewritten (SMTPUTF8 or punycode) on the way
  'v@exämple.io',
  'v\\w@x.io',
];

const accepted = [
  'v@x.io',
  'ravi.kumar+trip@example.co.in',
  "o'neil@example.org",
  'a_b-c@sub.example-mail.com',
  'x!#$%&*/=?^`{|}~@x.io',
];

test.each(refused)('%s is refused', (address) => {
  expect(emailAddressSchema.safeParse(address).success).toBe(false);
});

test.each(accepted)('%s is accepted and nodemailer reads exactly it', (address) => {
  const parsed = emailAddressSchema.parse(` ${address.toUpperCase()} `);
  expect(parsed).toBe(address.toLowerCase());
  expect(addressparser(parsed)).toEqual([{ address: parsed, name: '' }]);
});
