/**
 * Help on the day (issue 38), the pure parts: the travel day's issue types first, the case change that takes
 * a reply (alone or with a status and note, at least one), the filer's view of a case, the reply's e-mail in
 * every language, and the emergency numbers the guidance shows.
 */
import {
  EMERGENCY_NUMBERS,
  FALLBACK_ISSUE_TYPES,
  LOCALES,
  OPS_MESSAGES,
  URGENT_ISSUE_TYPES,
  isUrgentIssueType,
  myCaseSchema,
  renderCaseReplyEmail,
  updateCaseRequestSchema,
} from '@safarsaathi/contracts';
import type { SupportCase } from '../src/persistence/cases';
import { myCaseView } from '../src/use-cases/my-cases';

const messagesOf = (body: unknown) =>
  updateCaseRequestSchema.safeParse(body).error?.issues.map((issue) => issue.message) ?? [];

test('the issue types start with the two of the travel day; the spec’s follow in its order', () => {
  expect(FALLBACK_ISSUE_TYPES.slice(0, 2)).toEqual([...URGENT_ISSUE_TYPES]);
  expect(FALLBACK_ISSUE_TYPES.slice(2)).toEqual([
    'Account Issues',
    'Feature Requests',
    'General Inquiry',
    'Service Complaints',
    'Technical Support',
    'Privacy and data request',
    'Other',
  ]);
  expect(URGENT_ISSUE_TYPES.map(isUrgentIssueType)).toEqual([true, true]);
  expect(FALLBACK_ISSUE_TYPES.slice(2).some(isUrgentIssueType)).toBe(false);
  expect(isUrgentIssueType('trip-day problem (urgent)')).toBe(false);
});

describe('a case change (PUT /api/admin/cases/{case_id})', () => {
  test.each([
    [{ reply: 'Go to the Air India desk.' }],
    [{ note: 'Called her.' }],
    [{ status: 'closed' }],
    [{ status: 'closed', note: 'Resolved.' }],
    [{ status: 'open', note: 'Again.', reply: 'We are looking at it again.' }],
    [{ reply: 'x'.repeat(2000) }],
  ])('%j is accepted', (body) => {
    expect(messagesOf(body)).toEqual([]);
  });

  test.each([
    [{}, OPS_MESSAGES.updateEmpty],
    [{ reply: '' }, OPS_MESSAGES.replyRequired],
    [{ reply: ' \n ' }, OPS_MESSAGES.replyRequired],
    [{ reply: 'x'.repeat(2001) }, OPS_MESSAGES.replyRequired],
    [{ reply: 7 }, OPS_MESSAGES.replyRequired],
    [{ status: 'closed', note: '  ' }, OPS_MESSAGES.noteRequired],
  ])('%j is refused with its message', (body, message) => {
    expect(messagesOf(body)).toContain(message);
  });

  test('a reply is trimmed, its lines kept', () => {
    expect(updateCaseRequestSchema.parse({ reply: '  Gate 12.\nAsk for Ravi.  ' })).toEqual({
      reply: 'Gate 12.\nAsk for Ravi.',
    });
  });
});

test('the filer’s view of a case: what they wrote and the replies, never the team’s notes or addresses', () => {
  const stored: SupportCase = {
    caseId: 'SS-ABCDEFGH',
    type: 'support',
    userId: 'u1',
    issueType: 'Safety concern',
    emailAddress: 'asha@example.com',
    details: 'Someone keeps asking me for money.',
    conversationId: null,
    subject_user_id: null,
    subjectName: null,
    reason: null,
    attachedMessages: [],
    notes: [
      { at: new Date(), adminEmail: 'ops@example.com', status: 'open', note: 'Internal: check the chat.' },
    ],
    replies: [
      {
        id: 'r1',
        at: new Date('2027-01-01T10:00:00Z'),
        adminEmail: 'ops@example.com',
        text: 'We are on it.',
      },
      {
        id: 'r2',
        at: new Date('2027-01-01T11:00:00Z'),
        adminEmail: 'ops@example.com',
        text: 'Blocked them.',
      },
    ],
    locale: 'hi',
    status: 'open',
    created_at: new Date('2027-01-01T09:00:00Z'),
  };
  const view = myCaseView(stored);
  expect(myCaseSchema.strict().parse(view)).toEqual({
    case_id: 'SS-ABCDEFGH',
    type: 'support',
    issue_type: 'Safety concern',
    status: 'open',
    created_at: '2027-01-01T09:00:00.000Z',
    details: 'Someone keeps asking me for money.',
    replies: [
      { at: '2027-01-01T10:00:00.000Z', text: 'We are on it.' },
      { at: '2027-01-01T11:00:00.000Z', text: 'Blocked them.' },
    ],
  });
  expect(JSON.stringify(view)).not.toMatch(/ops@example\.com|Internal|asha@example\.com/);
  // A case of before replies existed has none; one of before types is typed as support's views type it.
  const { replies: _replies, type: _type, ...older } = stored;
  expect(myCaseView(older as SupportCase)).toMatchObject({ type: 'support', replies: [] });
});

describe('the reply e-mail', () => {
  test.each(LOCALES.map((locale) => [locale]))(
    '%s: whole, marked with its language, the reply as written',
    (locale) => {
      const email = renderCaseReplyEmail(
        {
          caseId: 'SS-ABCDEFGH',
          issueType: 'Trip-day problem (urgent)',
          text: 'Gate 12.\nAsk for <Ravi> & co.',
        },
        'Asha',
        locale,
      );
      expect(`${email.subject}\n${email.text}`).not.toMatch(/\{\{|\}\}/);
      expect(email.subject).toContain('SS-ABCDEFGH');
      expect(email.text).toContain('Gate 12.\nAsk for <Ravi> & co.');
      expect(email.text).toContain('Asha');
      expect(email.html).toMatch(new RegExp(`^<div lang="${locale}"`));
      // The admin's words are text in the HTML version, never markup.
      expect(email.html).toContain('Gate 12.<br>Ask for &lt;Ravi&gt; &amp; co.');
    },
  );

  test('names the issue type in the reader’s language, and a type it does not know as sent', () => {
    const hindi = renderCaseReplyEmail({ caseId: 'SS-1', issueType: 'Safety concern', text: 'Ok' }, '', 'hi');
    expect(hindi.text).toContain('सुरक्षा की चिंता');
    const unknown = renderCaseReplyEmail({ caseId: 'SS-1', issueType: 'No-show', text: 'Ok' }, '', 'en');
    expect(unknown.text).toContain('(No-show)');
    expect(unknown.text).toMatch(/^Hello traveller,/);
  });
});

test('the emergency numbers the guidance shows', () => {
  const byRegion = Object.fromEntries(
    EMERGENCY_NUMBERS.flatMap(({ regions, numbers }) =>
      regions.map((region) => [region, numbers.join(' / ')]),
    ),
  );
  expect(byRegion).toEqual({
    IN: '112',
    US: '911',
    CA: '911',
    GB: '999 / 112',
    EU: '112',
    AU: '000',
    AE: '999',
  });
});
