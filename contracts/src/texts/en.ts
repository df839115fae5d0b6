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
      title: 'Request posted',
      message:
        'Your request for {{traveller}} ({{trip}}) is posted. We will tell you as soon as we find a companion.',
    },
    offer_created: {
      title: 'Offer posted',
      message:
        'Your offer to help on {{trip}} is posted. We will tell you when someone on your route needs a companion.',
    },
    request_cancelled: {
      title: 'Request cancelled',
      message: 'Your request for {{traveller}} ({{trip}}) is cancelled.',
    },
    match_found: {
      title: 'Companion found!',
      message:
        "{{other}} ({{trip}}) can be {{traveller}}'s companion. Open the request to see the details and start a chat.",
    },
    complete_match_found: {
      title: 'Companion found on the same flights!',
      message:
        "{{other}} ({{trip}}) can be {{traveller}}'s companion, on every flight of the trip. Open the request to see the details and start a chat.",
    },
    match_found_provide: {
      title: 'Someone you can help!',
      message:
        '{{other}} ({{trip}}) needs a companion, and you travel the same way. Open your offer to see the details and start a chat.',
    },
    complete_match_found_provide: {
      title: 'Someone you can help, on the same flights!',
      message:
        '{{other}} ({{trip}}) needs a companion, and you are on every flight of the trip together. Open your offer to see the details and start a chat.',
    },
    match_released: {
      title: 'Your companion has changed',
      message:
        '{{other}} will travel with someone on their exact flight instead. Your request ({{trip}}) is open again, and we will tell you when we find someone new.',
    },
    /** match_released when the partner was taken by someone as good on the flight who shares their language. */
    match_released_language: {
      title: 'Your companion has changed',
      message:
        '{{other}} will travel with someone who speaks their language instead. Your request ({{trip}}) is open again, and we will tell you when we find someone new.',
    },
    flight_changed: {
      title: "{{other}}'s flight changed",
      message:
        '{{other}} changed their flight, so you are no longer travelling together. Your request ({{trip}}) is open again, and we will tell you when we find someone new.',
    },
    flight_changed_self: {
      title: 'Your flight change ended your trip together',
      message:
        'You changed the flight of your request ({{trip}}), so you no longer travel with {{other}}. Your request is open again, and we will tell you when we find someone new.',
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
      title: 'Your companion has changed',
      message:
        '{{other}} had already arranged to meet their earlier companion, so the two travel together. Your request ({{trip}}) is open again, and we will tell you when we find someone new.',
    },
    meeting_updated: {
      title: 'Meeting point changed',
      message:
        '{{traveller}} and {{companion}} ({{trip}}): the meeting point has changed. Open the request to see where and when.',
    },
    meeting_set: {
      title: 'Meeting point set',
      message:
        '{{traveller}} and {{companion}} ({{trip}}): the meeting point is set. Open the request to see where and when.',
    },
    milestone_met: {
      title: 'Met at the airport',
      message: '{{companion}} and {{traveller}} have met at the airport ({{trip}}).',
    },
    milestone_boarded: {
      title: 'Boarded',
      message: '{{companion}} and {{traveller}} have boarded ({{trip}}).',
    },
    milestone_landed: {
      title: 'Landed',
      message: '{{companion}} and {{traveller}} have landed ({{trip}}).',
    },
    milestone_handed_over: {
      title: 'Handed over',
      message:
        '{{companion}} handed {{traveller}} over at arrival, with the hand-over code ({{trip}}). The trip is complete.',
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
    /** The button of an e-mail that repeats a notice: it opens the same place in the app. */
    openButton: 'Open in SafarSaathi',
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
      'Privacy and data request': 'Privacy and data request',
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
