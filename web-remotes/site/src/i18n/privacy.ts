/**
 * The `privacy` namespace: the privacy notice (`/privacy`, `/privacy-policy.html`, issue 40). Its own
 * namespace, registered only by the notice's page, so no other page downloads it. Each item of data, its
 * purpose and how long it is kept come from the data catalogue (contracts/src/privacy/data-catalogue.ts):
 * the English here is the catalogue's own words, and every other language translates them by the item's
 * id, so the notice lists exactly what the product keeps (a new item without its words in a language fails
 * web-kit/test/catalogues.unit.test.ts).
 */
import { DATA_CATALOGUE, PRODUCT_NAME, type ConsentPurpose, type DataItemId } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';

type ItemTexts = { item: string; purpose: string };

const items = Object.fromEntries(
  DATA_CATALOGUE.map((entry) => [entry.id, { item: entry.item, purpose: entry.purpose }]),
) as Record<DataItemId, ItemTexts>;

const purposes: Record<ConsentPurpose, { name: string; text: string }> = {
  login_emails: {
    name: 'Sign-in e-mails',
    text: 'Your sign-in codes by e-mail. They are how you sign in, so they stop only when you delete your account.',
  },
  trip_emails: {
    name: 'E-mails about your trips',
    text: 'E-mails when you are matched, when a message waits for you, about the trip day and the reminder the day before. Without them you still see every notice in the product.',
  },
  push: {
    name: 'Notifications on your devices',
    text: 'Notifications on the phones and computers you turned them on for. Turning this off stops them on every device.',
  },
  emergency_contact_sharing: {
    name: 'Showing your emergency contact',
    text: 'The emergency contact you give on a request is shown to your matched companion around the flight.',
  },
};

const en = {
  title: 'Privacy Policy',
  subtitle: `How ${PRODUCT_NAME} uses your data`,
  updated: 'Last updated: {{date}}',
  intro: `${PRODUCT_NAME} is a free platform where travellers of the Indian community find a companion for a flight. We are responsible for the personal data described here (the Data Fiduciary under India's Digital Personal Data Protection Act 2023; the controller under UK and EU law). This page is written from the same list of data our software uses, so it says what the product really keeps.`,
  contents: 'On this page',
  kept: {
    title: 'What we keep, why, and for how long',
    intro: 'We keep only what the product needs. We never sell your data and show no advertising.',
    why: 'Why',
    howLong: 'How long',
    basis: 'On what basis',
  },
  items,
  retention: {
    minutes: '{{count}} minutes',
    days: '{{count}} days',
    years: '{{count}} years',
    days_after_last_use: 'At most {{count}} days after you last used it',
    days_after_last_travel_or_message:
      '{{count}} days after the trip or the last message, whichever is later; then each message reads "Message deleted"',
    days_after_sent_once_read:
      'Read notices: {{count}} days after they were sent. Unread ones: until you read them',
    years_after_closed: 'Until the case is closed, then {{count}} years',
    with_account: 'As long as you keep your account; erased when you delete it',
  },
  basis: {
    service: 'Needed for the service you asked for',
    consent: 'Your consent: {{purpose}}',
    safety: 'Keeping travellers safe and the service secure',
    legal: 'A legal duty of ours',
  },
  purposes,
  choices: {
    title: 'Your choices',
    intro:
      'You can give or withdraw each of these at any time on your profile, under Your privacy choices. Withdrawing is as easy as giving, and it takes effect at once.',
  },
  rights: {
    title: 'Your rights, and how to use them',
    intro: 'We answer every request within 30 days.',
    access: {
      name: 'See your data',
      how: 'On your profile, Download my data gives you a file of everything we keep about you.',
    },
    correction: {
      name: 'Correct it',
      how: 'Change your language, easy reading and help preference on your profile, and your requests and travel plans on their pages. For anything else, send us a "Privacy and data request" on the Help page.',
    },
    erasure: {
      name: 'Erase it',
      how: 'On your profile, Delete my account erases your account and what it holds. Only what a law makes us keep stays, for the time listed above.',
    },
    withdrawal: {
      name: 'Withdraw your consent',
      how: 'On your profile, under Your privacy choices, turn a purpose off. It stops at once.',
    },
    nominee: {
      name: 'Nominate someone',
      how: 'You can name a person who may use these rights for you if you die or cannot act yourself: send a "Privacy and data request" on the Help page with their name and e-mail address.',
    },
    grievance: {
      name: 'Raise a grievance',
      how: 'Write to our grievance officer (below). We answer within 30 days, always within the 90 days the law allows.',
    },
  },
  contact: {
    title: 'Grievance officer',
    intro: 'For a question or a complaint about your data, write to:',
    loading: 'Loading the contact…',
    unavailable: 'The contact could not be loaded. Write to {{email}}.',
  },
  complain: {
    title: 'If you are not satisfied',
    intro: 'You can complain to the data protection authority where you live.',
    india: 'In India: the Data Protection Board of India, after you have written to our grievance officer.',
    uk: "In the United Kingdom: the Information Commissioner's Office (ICO), online or by phone on 0303 123 1113.",
    eu: 'In the European Union: the data protection authority of your country.',
  },
  breach: {
    title: 'If something goes wrong',
    text: 'If a breach exposes your data, we tell you and the Data Protection Board of India without delay, with what happened and what you can do.',
  },
  adults: `${PRODUCT_NAME} is for adults (18 and over). A request for a family member is posted by an adult, with that person's consent.`,
};

export type PrivacyTexts = typeof en;

export const privacyCatalogue = defineCatalogue('privacy', en, {
  hi: () => import(/* webpackChunkName: "lang-hi-privacy" */ './privacy.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu-privacy" */ './privacy.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa-privacy" */ './privacy.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta-privacy" */ './privacy.ta'),
  te: () => import(/* webpackChunkName: "lang-te-privacy" */ './privacy.te'),
  bn: () => import(/* webpackChunkName: "lang-bn-privacy" */ './privacy.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr-privacy" */ './privacy.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml-privacy" */ './privacy.ml'),
});
