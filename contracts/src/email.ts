import { z } from 'zod';
import { PRODUCT_NAME, type FALLBACK_ISSUE_TYPES } from './reference-data';
import { localeSchema, type Locale } from './locale';
import { EMAIL_PATTERN } from './auth';
import { notificationText, type NotificationText } from './notifications';
import type { EventData } from './events';
import { wallTimeIn, zoneLabel } from './trip';

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
  correlationId: jobCorrelationId,
});

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
  correlationId: jobCorrelationId,
});

export const emailJobSchema = z.union([codeEmailJobSchema, renderedEmailJobSchema]);
export type EmailJob = z.infer<typeof emailJobSchema>;
export type RenderedEmail = Pick<z.infer<typeof renderedEmailJobSchema>, 'subject' | 'text' | 'html'>;

/** Hindi names of the support issue types (the case e-mail names the type in the reader's language). */
export const ISSUE_TYPE_NAMES_HI: Record<(typeof FALLBACK_ISSUE_TYPES)[number], string> = {
  'Account Issues': 'खाते से जुड़ी समस्या',
  'Feature Requests': 'नई सुविधा का सुझाव',
  'General Inquiry': 'सामान्य जानकारी',
  'Service Complaints': 'सेवा से जुड़ी शिकायत',
  'Technical Support': 'तकनीकी सहायता',
  Other: 'अन्य',
};

function issueTypeName(issueType: string, locale: Locale): string {
  return locale === 'hi'
    ? (ISSUE_TYPE_NAMES_HI[issueType as keyof typeof ISSUE_TYPE_NAMES_HI] ?? issueType)
    : issueType;
}

/** The sign-in code e-mail, in the reader's language. */
export function renderCodeEmail(code: string, locale: Locale = 'en'): RenderedEmail {
  if (locale === 'hi') {
    const validity =
      'यह कोड 10 मिनट तक मान्य है और केवल एक बार इस्तेमाल किया जा सकता है। अगर आपने यह कोड नहीं माँगा था, तो कृपया इस ई-मेल को अनदेखा करें।';
    return {
      subject: `आपका ${PRODUCT_NAME} सत्यापन कोड`,
      text: `आपका ${PRODUCT_NAME} सत्यापन कोड ${code} है।\n\n${validity}`,
      html: `<p lang="hi">आपका ${PRODUCT_NAME} सत्यापन कोड है</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p><p lang="hi">${validity}</p>`,
    };
  }
  const validity =
    'It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.';
  return {
    subject: `Your ${PRODUCT_NAME} verification code`,
    text: `Your ${PRODUCT_NAME} verification code is ${code}.\n\n${validity}`,
    html: `<p>Your ${PRODUCT_NAME} verification code is</p><p style="font-size:28px;letter-spacing:6px"><strong>${code}</strong></p><p>${validity}</p>`,
  };
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
  const { title, message } = matchTexts(match, locale);
  if (locale === 'hi') {
    return {
      subject: `${PRODUCT_NAME}: आपके अनुरोध ${match.caseid} के लिए ${title.replace('!', '')}`,
      text: `नमस्ते ${fullname ? `${fullname} जी` : 'यात्री जी'},\n\n${message}\n\nआपकी यात्रा मंगलमय हो,\n${PRODUCT_NAME} समुदाय`,
    };
  }
  return {
    subject: `${PRODUCT_NAME}: ${title.replace('!', '')} for your request ${match.caseid}`,
    text: `Hello ${fullname || 'traveller'},\n\n${message}\n\nSafe travels,\nThe ${PRODUCT_NAME} community`,
  };
}

/**
 * The e-mail that says an in-app notice again (e.g. a match released by a flight change, addendum §1.4),
 * in the reader's language: the notice's title is the subject, its text the body.
 */
export function renderNoticeEmail(
  text: NotificationText,
  fullname: string,
  locale: Locale = 'en',
): RenderedEmail {
  const { title, message } = notificationText(text, locale);
  if (locale === 'hi') {
    return {
      subject: `${PRODUCT_NAME}: ${title}`,
      text: `नमस्ते ${fullname ? `${fullname} जी` : 'यात्री जी'},\n\n${message}\n\nआपकी यात्रा मंगलमय हो,\n${PRODUCT_NAME} समुदाय`,
    };
  }
  return {
    subject: `${PRODUCT_NAME}: ${title}`,
    text: `Hello ${fullname || 'traveller'},\n\n${message}\n\nSafe travels,\nThe ${PRODUCT_NAME} community`,
  };
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

const REMINDER_WORDS = {
  en: {
    subject: (caseid: string) => `${PRODUCT_NAME}: your trip ${caseid} is coming up`,
    hello: (name: string) => `Hello ${name || 'traveller'},`,
    flight: 'Flight',
    departure: 'Departure',
    at: (date: string, time: string, zone: string) => `${date} at ${time} (${zone} time)`,
    dateOnly: (date: string, zone: string) => `${date} (${zone} date; no departure time given)`,
    companion: { need: 'Your companion', provide: 'The traveller you accompany' },
    meeting: 'Meeting point',
    noMeeting: (name: string) =>
      `No meeting point yet: agree on one with ${name} in the chat and set it on your request card.`,
    steps: 'Hand-over steps',
    stepList: {
      need: (name: string) => [
        `Meet ${name} at the meeting point; either of you records "Met" on the request card.`,
        'Record "Boarded" and "Landed" as the day goes.',
        `At arrivals, the person collecting the traveller tells ${name} the 6-digit hand-over code shown on your request card; ${name} enters it to record the hand-over. Do not share the code before then.`,
      ],
      provide: (name: string) => [
        `Meet ${name} at the meeting point; either of you records "Met" on the request card.`,
        'Record "Boarded" and "Landed" as the day goes.',
        `At arrivals, hand ${name} over to the person collecting them, ask them for the 6-digit hand-over code and enter it on your request card to record the hand-over.`,
      ],
    },
    bye: `Safe travels,\nThe ${PRODUCT_NAME} community`,
  },
  hi: {
    subject: (caseid: string) => `${PRODUCT_NAME}: आपकी यात्रा ${caseid} नज़दीक है`,
    hello: (name: string) => `नमस्ते ${name ? `${name} जी` : 'यात्री जी'},`,
    flight: 'उड़ान',
    departure: 'रवानगी',
    at: (date: string, time: string, zone: string) => `${date} को ${time} बजे (${zone} समय)`,
    dateOnly: (date: string, zone: string) => `${date} (${zone} की तारीख़; रवानगी का समय नहीं दिया गया)`,
    companion: { need: 'आपके सहयात्री', provide: 'जिन यात्री के साथ आप जा रहे हैं' },
    meeting: 'मिलने की जगह',
    noMeeting: (name: string) =>
      `मिलने की जगह अभी तय नहीं है: ${name} से चैट में तय करें और अपने अनुरोध कार्ड पर दर्ज करें।`,
    steps: 'सौंपने के चरण',
    stepList: {
      need: (name: string) => [
        `मिलने की जगह पर ${name} से मिलें; आप में से कोई भी अनुरोध कार्ड पर "मिल गए" दर्ज करे।`,
        'दिन के दौरान "विमान में सवार" और "विमान उतर गया" दर्ज करें।',
        `आगमन पर, यात्री को लेने आए व्यक्ति ${name} को आपके अनुरोध कार्ड पर दिखाया गया 6 अंकों का सौंपने का कोड बताएँ; ${name} उसे दर्ज करके सौंपना पूरा करेंगे। उससे पहले कोड किसी को न बताएँ।`,
      ],
      provide: (name: string) => [
        `मिलने की जगह पर ${name} से मिलें; आप में से कोई भी अनुरोध कार्ड पर "मिल गए" दर्ज करे।`,
        'दिन के दौरान "विमान में सवार" और "विमान उतर गया" दर्ज करें।',
        `आगमन पर ${name} को लेने आए व्यक्ति को सौंपें, उनसे 6 अंकों का सौंपने का कोड पूछें और उसे अपने अनुरोध कार्ड पर दर्ज करें।`,
      ],
    },
    bye: `आपकी यात्रा मंगलमय हो,\n${PRODUCT_NAME} समुदाय`,
  },
} as const;

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
  const words = REMINDER_WORDS[locale];
  const { flight, meeting } = reminder;
  const zone = zoneLabel(flight.origin_timezone, flight.from_airport);
  const name = party.companionFirstName;
  const flightName = [flight.flight_number, flight.airlines ? `(${flight.airlines})` : null]
    .filter(Boolean)
    .join(' ');
  const meetingAt = meeting
    ? flight.origin_timezone
      ? (({ date, time }) => words.at(date, time, zone))(wallTimeIn(meeting.time, flight.origin_timezone))
      : meeting.time
    : null;
  const lines = [
    words.hello(fullname),
    '',
    notificationText(tripReminderNotificationText(reminder, party), locale).message,
    '',
    `${words.flight}: ${flightName ? `${flightName}, ` : ''}${flight.from_airport} → ${flight.to_airport}`,
    `${words.departure}: ${
      flight.departure_time
        ? words.at(flight.date, flight.departure_time, zone)
        : words.dateOnly(flight.date, zone)
    }`,
    `${words.companion[party.role]}: ${name}`,
    meeting ? `${words.meeting}: ${meeting.place}, ${meetingAt}` : words.noMeeting(name),
    '',
    `${words.steps}:`,
    ...words.stepList[party.role](name).map((step, index) => `${index + 1}. ${step}`),
    '',
    words.bye,
  ];
  return { subject: words.subject(party.caseid), text: lines.join('\n') };
}

/** The e-mail confirming a support case, in the language of the page it was sent from. */
export function renderCaseEmail(caseId: string, issueType: string, locale: Locale = 'en'): RenderedEmail {
  const type = issueTypeName(issueType, locale);
  if (locale === 'hi') {
    return {
      subject: `${PRODUCT_NAME} सहायता: आपका मामला ${caseId} हमें मिल गया है`,
      text: `${PRODUCT_NAME} सहायता से संपर्क करने के लिए धन्यवाद।\n\nआपके मामले की आईडी ${caseId} है (${type})। हम 24-48 घंटों के भीतर आपको उत्तर देंगे।`,
    };
  }
  return {
    subject: `${PRODUCT_NAME} support: we received your case ${caseId}`,
    text: `Thank you for contacting ${PRODUCT_NAME} support.\n\nYour case id is ${caseId} (${type}). We will reply within 24-48 hours.`,
  };
}
