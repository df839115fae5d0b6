/**
 * The `account` namespace: dashboard, notifications, guided tour, profile page, help button; and (for the
 * lead to switch to t() after the forms merge) the profile dialog's and support dialog's texts, from messages.ts.
 */
import { PRODUCT_NAME, SESSION_MESSAGES } from '@safarsaathi/contracts';
import serverTextsEn from '@safarsaathi/contracts/src/texts/en';
import { defineCatalogue } from '@safarsaathi/web-kit';
import { ACCOUNT_TEXT, HELP_PREFERENCE_LABELS } from '../messages';
import { TOUR_STEPS } from '../tour/tourSteps';

const tourStep = (id: string) => {
  const step = TOUR_STEPS.find((candidate) => candidate.id === id)!;
  return { title: step.title, body: step.body };
};

const en = {
  ...ACCOUNT_TEXT,
  welcome: {
    title: 'Welcome, {{name}}',
    subtitle: 'Where are you travelling next?',
  },
  quickActionChips: { gateToGate: 'Gate-to-gate help', language: 'Language support' },
  searchSection: 'Search travellers',
  menu: { tooltip: 'Account', label: 'Account menu', profile: 'Profile', logout: 'Logout' },
  bell: { unread: '{{name}}, {{unread}} unread', loading: 'Loading notifications', unreadMark: 'Unread' },
  tour: {
    progress: 'Step {{step}} of {{total}}',
    skip: 'Skip Tour',
    previous: 'Previous',
    next: 'Next',
    done: 'Get Started',
    steps: {
      welcome: tourStep('welcome'),
      'service-cards': tourStep('service-cards'),
      'companion-card': tourStep('companion-card'),
      'search-section': tourStep('search-section'),
      sidebar: tourStep('sidebar'),
      notifications: tourStep('notifications'),
      menu: tourStep('menu'),
      'help-button': tourStep('help-button'),
      complete: tourStep('complete'),
    },
  },
  /** Texts written in the forms helper's files today (ProfileDialog, CreateCaseDialog). */
  forms: {
    profileTitle: 'My Profile',
    fullName: 'Full Name',
    phoneNumber: 'Phone Number',
    emailAddress: 'Email Address',
    readOnly: 'Your name, phone number and email address cannot be changed.',
    deleteHint:
      'Deleting your profile signs you out everywhere and makes your active requests inactive. This cannot be undone.',
    openProfilePage: 'Open profile page',
    close: 'Close',
    cancel: 'Cancel',
    confirmDelete: 'Yes, Delete',
    caseId: 'Your case ID:',
    done: 'Done',
    issueType: 'Issue Type',
    details: 'Details',
    submitCase: 'Submit Case',
    caseIntro: 'Tell us what went wrong or what you need. We will reply within 24-48 hours.',
    detailsHint: 'Minimum {{min}} characters ({{count}}/{{min}})',
    /** The issue types the server names (its values stay English; these are what the reader sees). */
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
  },
  /** The help page and the help form (issue 38): what to do now on the travel day, and My cases. */
  help: {
    another: 'Write another case',
    myCasesLink: 'My cases and replies',
    now: {
      tripDayTitle: 'Trip-day problem? Do this now',
      safetyTitle: 'Feel unsafe? Do this now',
      lead: 'We answer cases by e-mail, which can be too late on the day of a flight. First:',
      airline:
        'At the airport, go to your airline’s desk or ask the gate or cabin crew. They can help at once.',
      chat: 'Matched with a companion? Write to them in the chat.',
      contact: 'Call the emergency contact: yours, or the traveller’s on the request card.',
      danger: 'In danger or hurt? Call the local emergency number now.',
      staff: 'Stay where airline or airport staff can see you, and tell them what is wrong.',
      report:
        'Worried about someone in a chat? Report the conversation there. Never send money, codes or documents.',
      openChat: 'Open the chat',
      numbersTitle: 'Emergency numbers',
      elsewhere: 'Anywhere else, ask airport staff to call for you.',
      then: 'Then, if you still need us, tell us below.',
    },
    myCases: {
      title: 'My cases',
      intro: 'Your cases and our replies. We also send each reply by e-mail.',
      loading: 'Loading your cases',
      failed: 'Your cases could not be loaded. Please try again.',
      none: 'You have no cases yet.',
      caseLine: 'Case {{caseId}} · sent {{date}}',
      open: 'Open',
      closed: 'Closed',
      yourMessage: 'What you wrote',
      reply: `Reply from ${PRODUCT_NAME} support · {{date}}`,
      noReply: 'No reply yet. We reply here and by e-mail.',
      more: 'Show older cases',
    },
  },
  sessions: {
    loading: 'Loading sessions',
    signedIn: 'Signed in',
    othersEnded_one: SESSION_MESSAGES.othersEnded(1).replace('1', '{{count}}'),
    othersEnded_other: SESSION_MESSAGES.othersEnded(99).replace('99', '{{count}}'),
  },
  profile: {
    title: 'My Profile',
    loading: 'Loading your profile',
    phone: 'Phone Number',
    memberSince: 'Member Since',
    helpPreference: 'Help Preference',
    helpPreferences: { ...HELP_PREFERENCE_LABELS },
    language: 'Language',
    languageHint: 'The app and the e-mails we send you use this language.',
  },
  push: {
    title: 'Notifications on this device',
    intro:
      'Get a notification on this phone or computer when something happens, even when SafarSaathi is not open. It says what happened, never what anyone wrote.',
    turnOn: 'Turn on notifications',
    turnOff: 'Turn off on this device',
    on: 'Notifications are on for this device.',
    turnedOn: 'Notifications are on for this device.',
    turnedOff: 'Notifications are off for this device.',
    unsupported: 'This browser cannot show notifications from SafarSaathi.',
    notReady:
      'Notifications on this device become available once the app can be installed on it (coming soon). You can already choose which ones you want.',
    blocked:
      'Notifications are blocked for SafarSaathi in this browser. Allow them in the site settings, then try again.',
    failed: 'Notifications could not be turned on. Please try again.',
    kinds: 'What to notify me about',
    match: 'Matches: a companion found, or a match that changed',
    message: 'Chat messages I have not seen within a minute',
    trip: 'The trip day: meeting point, milestones, flight changes and the reminder',
    saved: 'Notification choices saved.',
    saveFailed: 'Your notification choices could not be saved. Please try again.',
    loadFailed: 'Your notification choices could not be loaded.',
  },
  /** "Your privacy choices" on the profile page (issue 40): consents, their history, the data download. */
  privacy: {
    title: 'Your privacy choices',
    intro: 'Choose what we may use your data for. A change counts at once.',
    loading: 'Loading your privacy choices',
    loadFailed: 'Your privacy choices could not be loaded.',
    purposes: {
      login_emails: 'Sign-in e-mails',
      trip_emails: 'Trip e-mails',
      push: 'Notifications on your devices',
      emergency_contact_sharing: 'Sharing your emergency contact',
    },
    hints: {
      login_emails:
        'The codes you sign in with. They are needed for your account and end only when you delete it.',
      trip_emails: 'Matches, chat messages, the trip day and reminders by e-mail. Notices in the app go on.',
      push: 'Notifications on the devices you turned them on for. Off removes them from every device.',
      emergency_contact_sharing: 'The emergency contact on your request, shown to your matched companion.',
    },
    saved: 'Your choice is saved.',
    pushWithdrawn: 'Saved. Notifications are off on all your devices.',
    saveFailed: 'Your choice could not be saved. Please try again.',
    history: 'History ({{count}})',
    historyLabel: 'History of your choices',
    historyEmpty: 'No choices yet.',
    given: 'given',
    withdrawn: 'withdrawn',
    dataTitle: 'Your data',
    dataHint: 'A copy of everything we keep about you, as a file.',
    download: 'Download my data',
    downloaded: 'Downloaded: {{name}}',
    downloadFailed: 'Your data could not be downloaded. Please try again.',
    howWeUse: 'How we use your data',
  },
};

export type AccountTexts = typeof en;

export const accountCatalogue = defineCatalogue('account', en, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ './catalogue.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu" */ './catalogue.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa" */ './catalogue.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta" */ './catalogue.ta'),
  te: () => import(/* webpackChunkName: "lang-te" */ './catalogue.te'),
  bn: () => import(/* webpackChunkName: "lang-bn" */ './catalogue.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr" */ './catalogue.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml" */ './catalogue.ml'),
});

/**
 * The in-app notifications' words, which the servers write too: taken from the server texts (contracts
 * `src/texts/<locale>.ts`, one file per language) rather than the contracts singleton, which would carry
 * every language's server texts to every page. A language's file is a chunk of its own, loaded with it.
 */
const notices = (texts: { default: { notifications: typeof serverTextsEn.notifications } }) => ({
  default: texts.default.notifications,
});

export const noticesCatalogue = defineCatalogue('notices', serverTextsEn.notifications, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ '@safarsaathi/contracts/src/texts/hi').then(notices),
  gu: () => import(/* webpackChunkName: "lang-gu" */ '@safarsaathi/contracts/src/texts/gu').then(notices),
  pa: () => import(/* webpackChunkName: "lang-pa" */ '@safarsaathi/contracts/src/texts/pa').then(notices),
  ta: () => import(/* webpackChunkName: "lang-ta" */ '@safarsaathi/contracts/src/texts/ta').then(notices),
  te: () => import(/* webpackChunkName: "lang-te" */ '@safarsaathi/contracts/src/texts/te').then(notices),
  bn: () => import(/* webpackChunkName: "lang-bn" */ '@safarsaathi/contracts/src/texts/bn').then(notices),
  mr: () => import(/* webpackChunkName: "lang-mr" */ '@safarsaathi/contracts/src/texts/mr').then(notices),
  ml: () => import(/* webpackChunkName: "lang-ml" */ '@safarsaathi/contracts/src/texts/ml').then(notices),
});
