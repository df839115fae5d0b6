/**
 * Every text the servers write, in English: in-app notifications, e-mails, push, the calendar file and
 * the family link's preview. The source every other language mirrors (`ServerTexts`, see ./types.ts):
 * one file per language (`hi.ts`, `gu.ts`, ...), plain data only. `{{name}}` is a value filled in when the
 * text is used (`{{product}}` is always the product's name); a translation keeps each placeholder of the
 * English text, in any order.
 */
const en = {
  /** In-app notifications (and the push and e-mail that repeat them); keyed by NOTIFICATION_TEXT_KEYS. */
  notifications: {
    welcome: {
      title: 'Welcome to {{product}}!',
      message: 'Your registration is complete. Create a companion request or offer help on your next flight.',
    },
    profile_updated: { title: 'Profile updated', message: 'Your profile has been updated.' },
    help_preference_saved: { title: 'Profile updated', message: 'Your help preference has been saved.' },
    request_created: {
      title: 'Companion request created',
      message: 'Your companion request from {{from}} to {{to}} has been created. Case ID: {{caseid}}',
    },
    request_cancelled: {
      title: 'Companion request cancelled',
      message: 'Your companion request {{caseid}} has been cancelled.',
    },
    match_found: {
      title: 'Match found!',
      message:
        'Your companion request {{caseid}} has a match: {{otherCaseid}}. Open Companion Service to see the details and start a chat.',
    },
    complete_match_found: {
      title: 'Complete match found!',
      message:
        'Your companion request {{caseid}} has a match: {{otherCaseid}}. Open Companion Service to see the details and start a chat.',
    },
    match_released: {
      title: 'Your match has changed',
      message:
        'The traveller matched with your companion request {{caseid}} is now paired with someone on their exact flight. Your request is open again, and we will tell you when a new match is found.',
    },
    /** match_released when the partner was taken by someone as good on the flight who shares their language. */
    match_released_language: {
      title: 'Your match has changed',
      message:
        'The traveller matched with your companion request {{caseid}} is now paired with someone who speaks their language. Your request is open again, and we will tell you when a new match is found.',
    },
    flight_changed: {
      title: "Your companion's flight changed",
      message:
        'The traveller matched with your companion request {{caseid}} changed their flight, so you are no longer travelling together. Your request is open again, and we will tell you when a new match is found.',
    },
    flight_changed_self: {
      title: 'Your flight change released your match',
      message:
        'You changed the flight of your companion request {{caseid}}, so it no longer matches {{otherCaseid}} and that match has ended. Your request is open again, and we will tell you when a new match is found.',
    },
    companion_left: {
      title: 'Looking for a new companion',
      message: '{{former}} can no longer travel with {{traveller}}. We are looking for a new companion.',
    },
    companion_left_unnamed: {
      title: 'Looking for a new companion',
      message: 'Your companion can no longer travel with {{traveller}}. We are looking for a new companion.',
    },
    traveller_left: {
      title: 'Your trip together has ended',
      message:
        '{{former}} can no longer travel with you. We will tell you when someone else on your route needs a companion.',
    },
    traveller_left_unnamed: {
      title: 'Your trip together has ended',
      message:
        'The traveller you were to help can no longer travel with you. We will tell you when someone else on your route needs a companion.',
    },
    match_released_restored: {
      title: 'Your match has changed',
      message:
        'The traveller matched with your companion request {{caseid}} had already arranged to meet their earlier companion, so the two travel together. Your request is open again, and we will tell you when a new match is found.',
    },
    meeting_updated: {
      title: 'Meeting point changed',
      message:
        'Your companion changed where or when to meet for your trip {{caseid}}. Open Companion Service to see it.',
    },
    meeting_set: {
      title: 'Meeting point set',
      message:
        'Your companion set where and when to meet for your trip {{caseid}}. Open Companion Service to see it.',
    },
    milestone_met: {
      title: 'You have met',
      message: 'Your companion recorded that you have met, on your trip {{caseid}}.',
    },
    milestone_boarded: {
      title: 'Boarded',
      message: 'Your companion recorded that you have boarded, on your trip {{caseid}}.',
    },
    milestone_landed: {
      title: 'Landed',
      message: 'Your companion recorded that you have landed, on your trip {{caseid}}.',
    },
    milestone_handed_over: {
      title: 'Handed over',
      message:
        'Your companion recorded the hand-over with your code, on your trip {{caseid}}. The trip is complete.',
    },
    trip_reminder: {
      title: 'Your trip is coming up',
      message:
        'Your flight {{flight}} from {{from}} to {{to}} leaves on {{date}} at {{time}} ({{zone}} time). Check the meeting point and the hand-over steps in Companion Service (trip {{caseid}}).',
    },
    trip_reminder_no_time: {
      title: 'Your trip is coming up',
      message:
        'Your flight {{flight}} from {{from}} to {{to}} is on {{date}} ({{zone}} date). Check the meeting point and the hand-over steps in Companion Service (trip {{caseid}}).',
    },
    /** Support replied to a case the reader filed (issue 38); its link opens the case. */
    support_reply: {
      title: 'Support replied to your case',
      message: 'Support replied to your case {{caseId}}. Open Help and support to read the reply.',
    },
  },

  email: {
    /** The first line of a personal e-mail; `greetingNoName` when the reader gave no name. */
    greeting: 'Hello {{name}},',
    greetingNoName: 'Hello traveller,',
    /** The last lines (a line break is written \n). */
    signOff: 'Safe travels,\nThe {{product}} community',
    code: {
      subject: 'Your {{product}} verification code',
      /** The HTML version shows this line, then the code in large type. */
      intro: 'Your {{product}} verification code is',
      text: 'Your {{product}} verification code is {{code}}.',
      validity:
        'It is valid for 10 minutes and can be used once. If you did not ask for it, you can ignore this e-mail.',
    },
    /** {{title}} is the match notification's title without its "!". */
    matchSubject: '{{product}}: {{title}} for your request {{caseid}}',
    /** An e-mail that repeats an in-app notification: {{title}} is its title. */
    noticeSubject: '{{product}}: {{title}}',
    reminder: {
      subject: '{{product}}: your trip {{caseid}} is coming up',
      flight: 'Flight',
      departure: 'Departure',
      at: '{{date}} at {{time}} ({{zone}} time)',
      dateOnly: '{{date}} ({{zone}} date; no departure time given)',
      companionNeed: 'Your companion',
      companionProvide: 'The traveller you accompany',
      meeting: 'Meeting point',
      noMeeting:
        'No meeting point yet: agree on one with {{name}} in the chat and set it on your request card.',
      steps: 'Hand-over steps',
      stepMeet: 'Meet {{name}} at the meeting point; either of you records "Met" on the request card.',
      stepFlight: 'Record "Boarded" and "Landed" as the day goes.',
      stepHandoverNeed:
        'At arrivals, the person collecting the traveller tells {{name}} the 6-digit hand-over code shown on your request card; {{name}} enters it to record the hand-over. Do not share the code before then.',
      stepHandoverProvide:
        'At arrivals, hand {{name}} over to the person collecting them, ask them for the 6-digit hand-over code and enter it on your request card to record the hand-over.',
    },
    supportCase: {
      subject: '{{product}} support: we received your case {{caseid}}',
      thanks: 'Thank you for contacting {{product}} support.',
      body: 'Your case id is {{caseid}} ({{type}}). We will reply within 24-48 hours.',
    },
    /** A reply from support to the reader's case (issue 38): the reply follows the intro. */
    supportReply: {
      subject: '{{product}} support replied to your case {{caseid}}',
      intro: 'We replied to your case {{caseid}} ({{type}}):',
      readInApp: 'You can read our replies to all your cases on {{product}}, under Help and support.',
    },
    /** The support issue types as the case e-mail names them (the form's values are English). */
    issueTypes: {
      'Trip-day problem (urgent)': 'Trip-day problem (urgent)',
      'Safety concern': 'Safety concern',
      'Account Issues': 'Account Issues',
      'Feature Requests': 'Feature Requests',
      'General Inquiry': 'General Inquiry',
      'Service Complaints': 'Service Complaints',
      'Technical Support': 'Technical Support',
      Other: 'Other',
    },
    /** A chat message unread for a while: who wrote ({{sender}}), never what. */
    unreadMessage: {
      subject: '{{sender}} sent you a message on {{product}}',
      body: '{{sender}} sent you a message on {{product}} that you have not read yet.',
      action: 'Sign in and open Messages to read it and reply.',
      frequency: 'You receive at most one such e-mail per conversation every 6 hours.',
    },
  },

  push: {
    /** A chat message not seen live: no sender, no text (it shows on a lock screen). */
    unreadMessage: { title: 'New message', body: 'You have a new message. Open Messages to read it.' },
  },

  /** A request's calendar file (addendum §1.5). */
  calendar: {
    summary: 'Flight {{flight}} {{route}}',
    summaryNoFlight: 'Flight {{route}}',
    /** Added to the summary when matched (its leading space or comma included). */
    withCompanion: ' with {{name}}',
    trip: '{{product}} companion request {{caseid}}',
    departure: 'Departure: {{date}} at {{time}} ({{zone}} time)',
    dateOnly: 'Date: {{date}} ({{zone}} date; no departure time given)',
    notBooked: 'Travel dates not booked yet: between {{from}} and {{to}}',
    companionNeed: 'Your companion',
    companionProvide: 'The traveller you accompany',
    meeting: 'Meeting point: {{place}}, {{when}}',
    meetingAt: '{{date}} at {{time}} ({{zone}} time)',
    noMeeting: 'No meeting point yet: agree on one in the chat and set it on your request card.',
    handover:
      'Hand-over: at arrivals the companion enters the 6-digit hand-over code shown on the seeker’s request card.',
  },

  /** The family link's preview in a messaging app or a browser tab. */
  sharePreview: {
    description:
      'A trip shared with you on {{product}}: follow the flight, the meeting point and each step of the travel day.',
  },
};

export default en;

/** A language's texts: exactly English's keys (the compiler checks each), any words for each text. */
export type ServerTranslation<T> = { [K in keyof T]: T[K] extends string ? string : ServerTranslation<T[K]> };

/** The shape of every language's file, `contracts/src/texts/<locale>.ts`. */
export type ServerTexts = ServerTranslation<typeof en>;
