import { matches, parseQuery, type Searchable } from './query';

const message: Searchable = {
  MessageID: 'abc-123@safarsaathi.test',
  From: { Name: 'SafarSaathi', Address: 'noreply@safarsaathi.test' },
  To: [{ Name: 'Asha', Address: 'asha@example.com' }],
  Cc: [],
  Bcc: [{ Name: '', Address: 'audit@example.com' }],
  ReplyTo: [{ Name: 'Support', Address: 'help@safarsaathi.test' }],
  Subject: 'Your one-time code',
  Text: 'Use 483920 to sign in.',
};

test.each([
  ['to:asha@example.com', true],
  ['to:ASHA@EXAMPLE.COM', true],
  ['to:"asha@example.com"', true],
  ['to:ravi@example.com', false],
  ['from:noreply@', true],
  ['bcc:audit', true],
  ['reply-to:help@', true],
  ['addressed:audit@example.com', true],
  ['addressed:nobody@', false],
  ['message-id:abc-123', true],
  ['subject:"one-time code"', true],
  ['subject:welcome', false],
  ['one-time', true],
  ['483920', true],
  ['"one-time code" to:asha', true],
  ['to:asha -subject:code', false],
  ['!483920', false],
  ['unknown:thing', false],
  ['', true],
])('%s → %s', (query, expected) => {
  expect(matches(message, parseQuery(query))).toBe(expected);
});

test('parses fields, quotes and negation', () => {
  expect(parseQuery('to:"a b" -subject:x plain')).toEqual([
    { field: 'to', value: 'a b', negate: false },
    { field: 'subject', value: 'x', negate: true },
    { field: 'text', value: 'plain', negate: false },
  ]);
});
