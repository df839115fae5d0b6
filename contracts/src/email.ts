import { z } from 'zod';
import { localeSchema, type Locale } from './locale';
import { EMAIL_PATTERN } from './auth';
import { notificationLink, notificationText, type NotificationText } from './notifications';
import type { EventData } from './events';
import { wallTimeIn, zoneLabel } from './trip';
import { serverTexts, textLocale, type ServerTexts } from './texts';
import { fillText } from './texts/fill';

/** Any address the product accepts (its own rule, not a stricter one of a library's: 0@0.0 is one). */
const recipient = z.string().regex(EMAIL_PATTERN);

/** The trace (correlation) id of the action that queued a job: the worker's log lines carry it. */
export const jobCorrelationId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,128}$/)
  .optional();

/** A job on the `email` queue: a rendered message that holds no secret. */
export const renderedEmailJobSchema = z.object({
  to: recipient,
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().optional(),
  /** Why this e-mail exists, for logs and de-duplication (e.g. 'case_created'). */
  purpose: z.string().min(1),
  /**
   * The account it is written to, when known. For the e-mails a consent governs (TRIP_EMAIL_PURPOSES) the
   * worker checks that consent again before sending, so a withdrawal stops e-mails already queued too.
   */
  userId: z.string().optional(),
  correlationId: jobCorrelationId,
});

/**
 * The e-mails of the `trip_emails` consent (issue 40): match, chat, trip-day and reminder e-mails. Without
 * it none is sent (the in-app notices go on). Sign-in codes are `login_emails`; replies to a support case
 * answer what its filer asked for.
 */
export const TRIP_EMAIL_PURPOSES: readonly string[] = [
  'match_found',
  'match_released',
  'chat_unread',
  'trip_reminder',
];

/**
 * A one-time code e-mail: the code is not in the job (BullMQ keeps job data in Redis in plain text); the
 * job names an encrypted, expiring secret (platform EmailSecrets) and the worker renders the message.
 */
export const codeEmailJobSchema = z.object({
  to: recipient,
  purpose: z.literal('otp'),
  template: z.literal('otp_code'),
  secretRef: z.string().min(16).max(64),
  /** The language to write it in; missing in jobs from before it was added: English. */
  locale: localeSchema.optional(),
  /** The account it is written to, when known (as for rendered e-mails). */
  userId: z.string().optional(),
  correlationId: jobCorrelationId,
});

export const emailJobSchema = z.union([codeEmailJobSchema, renderedEmailJobSchema]);
export type EmailJob = z.infer<typeof emailJobSchema>;
export type RenderedEmail = Pick<z.infer<typeof renderedEmailJobSchema>, 'subject' | 'text' | 'html'>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * An e-mail in the reader's language from its paragraphs: the text joins them with blank lines, the
 * HTML version (built here for every e-mail and language) marks its language with `lang` so mail
 * clients pick the script's font and screen readers its voice. Names come from users: escaped.
 */
/** A button to the place in the app an e-mail is about (the same place its in-app notice opens). */
export interface EmailAction {
  label: string;
  url: string;
}

export function composeEmail(
  locale: Locale,
  subject: string,
  paragraphs: readonly string[],
  /** Shown in large type after the first paragraph (the sign-in code). */
  highlight?: string,
  /** A button after the second paragraph (the message), and its address in the text version. */
  action?: EmailAction,
): RenderedEmail {
  const html = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replaceAll('\n', '<br>')}</p>`);
  if (highlight !== undefined)
    html.splice(
      1,
      0,
      `<p style="font-size:28px;letter-spacing:6px"><strong>${escapeHtml(highlight)}</strong></p>`,
    );
  const text = [...paragraphs];
  if (action) {
    html.splice(
      2,
      0,
      `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#1d4f91;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>`,
    );
    text.splice(2, 0, `${action.label}: ${action.url}`);
  }
  return {
    subject,
    text: text.join('\n\n'),
    html: `<div lang="${textLocale(locale)}" dir="ltr">${html.join('')}</div>`,
  };
}

/** "Hello Asha," or, without a name, the language's way of greeting a traveller. */
export function emailGreeting(texts: ServerTexts, name: string): string {
  return name ? fillText(texts.email.greeting, { name }) : fillText(texts.email.greetingNoName);
}

/** The sign-in code e-mail, in the reader's language. */
export function renderCodeEmail(code: string, locale: Locale = 'en'): RenderedEmail {
  const words = serverTexts(locale).email.code;
  const email = composeEmail(locale, fillText(words.subject), [
    fillText(words.text, { code }),
    fillText(words.validity),
  ]);
  // The HTML version shows the code alone, in large type, after its introduction.
  const html = composeEmail(locale, '', [fillText(words.intro), fillText(words.validity)], code).html;
  return { ...email, html };
}

/** What the match notification and e-mail say about one side of a match. */
export interface MatchMessage {
  caseid: string;
  otherCaseid: string;
  /** Every flight is the same (overall_status complete_match). */
  complete: boolean;
}

/** Title and text of a match notice, in the reader's language. */
export function matchTexts(match: MatchMessage, locale: Locale = 'en'): { title: string; message: string } {
  return notificationText(matchNotificationText(match), locale);
}

/** The key and values of the in-app notice of a match (its e-mail says the same). */
export function matchNotificationText(match: MatchMessage): NotificationText {
  return {
    key: match.complete ? 'complete_match_found' : 'match_found',
    params: { caseid: match.caseid, otherCaseid: match.otherCaseid },
  };
}

/** The e-mail about a match, in the reader's language. */
export function renderMatchEmail(
  match: MatchMessage,
  fullname: string,
  locale: Locale = 'en',
): RenderedEmail {
  const texts = serverTexts(locale);
  const { title, message } = matchTexts(match, locale);
  const subject = fillText(texts.email.matchSubject, { title: title.replace('!', ''), caseid: match.caseid });
  return composeEmail(locale, subject, [
    emailGreeting(texts, fullname),
    message,
    fillText(texts.email.signOff),
  ]);
}

/**
 * The e-mail that says an in-app notice again (e.g. a match released by a flight change, addendum §1.4),
 * in the reader's language: the notice's title is the subject, its text the body.
 */
export function renderNoticeEmail(
  text: NotificationText,
  fullname: string,
  locale: Locale = 'en',
  /** The product's address (PUBLIC_URL): the e-mail gets a button to the place the notice opens. */
  publicUrl?: string,
  /**
   * The request the notice is about, named in the subject (a match found: someone with two requests, or
   * two trips, tells the e-mails apart in the inbox list without opening them).
   */
  requestCaseid?: string,
): RenderedEmail {
  const texts = serverTexts(locale);
  const { title, message } = notificationText(text, locale);
  return composeEmail(
    locale,
    requestCaseid
      ? fillText(texts.email.matchSubject, { title: title.replace('!', ''), caseid: requestCaseid })
      : fillText(texts.email.noticeSubject, { title }),
    [emailGreeting(texts, fullname), message, fillText(texts.email.signOff)],
    undefined,
    publicUrl
      ? {
          label: fillText(texts.email.openButton),
          url: new URL(notificationLink(text, 'other'), publicUrl).toString(),
        }
      : undefined,
  );
}

type TripReminder = EventData<'trip_reminder_triggered'>;
type ReminderParty = TripReminder['parties'][number];

/** The in-app notice of a trip reminder for one party (its e-mail starts with the same words). */
export function tripReminderNotificationText(reminder: TripReminder, party: ReminderParty): NotificationText {
  const { flight } = reminder;
  const params = {
    caseid: party.caseid,
    flight: flight.flight_number ?? flight.airlines ?? '',
    from: flight.from_airport,
    to: flight.to_airport,
    date: flight.date,
    zone: zoneLabel(flight.origin_timezone, flight.from_airport),
  };
  return flight.departure_time
    ? { key: 'trip_reminder', params: { ...params, time: flight.departure_time } }
    : { key: 'trip_reminder_no_time', params };
}

/**
 * The trip reminder e-mail for one party, in the reader's language: the flight, the meeting point (or a
 * prompt to agree on one) and the hand-over steps. Every time is at the origin airport, saying which
 * zone: the departure as written, the meeting time converted from its own offset.
 */
export function renderTripReminderEmail(
  reminder: TripReminder,
  party: ReminderParty,
  fullname: string,
  locale: Locale = 'en',
): RenderedEmail {
  const texts = serverTexts(locale);
  const words = texts.email.reminder;
  const { flight, meeting } = reminder;
  const zone = zoneLabel(flight.origin_timezone, flight.from_airport);
  const name = party.companionFirstName;
  const at = (date: string, time: string) => fillText(words.at, { date, time, zone });
  const flightName = [flight.flight_number, flight.airlines ? `(${flight.airlines})` : null]
    .filter(Boolean)
    .join(' ');
  const meetingAt = meeting
    ? flight.origin_timezone
      ? (({ date, time }) => at(date, time))(wallTimeIn(meeting.time, flight.origin_timezone))
      : meeting.time
    : null;
  const steps = [
    words.stepMeet,
    words.stepFlight,
    party.role === 'need' ? words.stepHandoverNeed : words.stepHandoverProvide,
  ];
  const details = [
    `${words.flight}: ${flightName ? `${flightName}, ` : ''}${flight.from_airport} → ${flight.to_airport}`,
    `${words.departure}: ${
      flight.departure_time
        ? at(flight.date, flight.departure_time)
        : fillText(words.dateOnly, { date: flight.date, zone })
    }`,
    `${party.role === 'need' ? words.companionNeed : words.companionProvide}: ${name}`,
    meeting ? `${words.meeting}: ${meeting.place}, ${meetingAt}` : fillText(words.noMeeting, { name }),
  ];
  return composeEmail(locale, fillText(words.subject, { caseid: party.caseid }), [
    emailGreeting(texts, fullname),
    notificationText(tripReminderNotificationText(reminder, party), locale).message,
    details.join('\n'),
    [`${words.steps}:`, ...steps.map((step, index) => `${index + 1}. ${fillText(step, { name })}`)].join(
      '\n',
    ),
    fillText(texts.email.signOff),
  ]);
}

/** The e-mail confirming a support case, in the language of the page it was sent from. */
export function renderCaseEmail(caseId: string, issueType: string, locale: Locale = 'en'): RenderedEmail {
  const words = serverTexts(locale).email;
  const type = issueTypeName(words, issueType);
  return composeEmail(locale, fillText(words.supportCase.subject, { caseid: caseId }), [
    fillText(words.supportCase.thanks),
    fillText(words.supportCase.body, { caseid: caseId, type }),
  ]);
}

/** The issue type as an e-mail in `words`' language names it (the form's values are English). */
function issueTypeName(words: ServerTexts['email'], issueType: string): string {
  return Object.hasOwn(words.issueTypes, issueType)
    ? words.issueTypes[issueType as keyof typeof words.issueTypes]
    : issueType;
}

/**
 * Support's reply to a case (issue 38), in the filer's language: the reply as the admin wrote it (escaped in
 * the HTML version like every text), between the case it answers and where to read it again.
 */
export function renderCaseReplyEmail(
  reply: { caseId: string; issueType: string; text: string },
  fullname: string,
  locale: Locale = 'en',
  /** The product's address: a button opens the case on the help page (a signed-in filer's). */
  publicUrl?: string,
): RenderedEmail {
  const texts = serverTexts(locale);
  const words = texts.email.supportReply;
  const type = issueTypeName(texts.email, reply.issueType);
  const link = notificationLink({ key: 'support_reply', params: { caseId: reply.caseId } }, 'support_reply');
  return composeEmail(
    locale,
    fillText(words.subject, { caseid: reply.caseId }),
    [
      emailGreeting(texts, fullname),
      fillText(words.intro, { caseid: reply.caseId, type }),
      reply.text,
      fillText(words.readInApp),
      fillText(texts.email.signOff),
    ],
    undefined,
    publicUrl
      ? { label: fillText(texts.email.openButton), url: new URL(link, publicUrl).toString() }
      : undefined,
  );
}
