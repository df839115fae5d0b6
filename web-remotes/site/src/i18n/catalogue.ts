/**
 * The `site` namespace: landing page, learn-more page, and (for the lead to switch to t() after the forms
 * merge) the sign-in and registration texts, their English taken from messages.ts.
 */
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';
import { SITE_MESSAGES } from '../messages';

const en = {
  hero: {
    title: 'Never fly alone: find a travel companion for your flight',
    text: `${PRODUCT_NAME} connects travellers of the Indian community worldwide, so elderly parents and solo flyers have someone by their side from gate to gate. Free, and for companionship only.`,
    getStarted: 'Get Started',
    learnMore: 'Learn More',
    /** Read after 'Learn More' by screen readers and search engines, not shown: where the link leads. */
    learnMoreAbout: ` about ${PRODUCT_NAME}`,
    claims: {
      cities: '50+ cities covered',
      chat: '24/7 chat',
      community: 'Growing community',
      responses: 'Quick responses',
    },
  },
  searchSection: 'Search travellers',
  service: {
    title: 'Our Service',
    subtitle: 'One service, done with care.',
    name: 'Travel Companion',
    text: 'Ask for a companion for yourself or a family member, often an elderly parent or a first-time solo flyer, or offer to accompany someone on a flight you are already taking.',
    gateToGate: 'Gate-to-gate help',
    language: 'Language support',
  },
  howItWorks: {
    title: 'How it works',
    subtitle: 'Four steps from sign-up to take-off.',
    signUp: {
      title: 'Sign up with your email',
      text: 'Enter your email address and the one-time code we send you. No password to remember.',
    },
    request: {
      title: 'Create a request',
      text: 'Say that you need a companion or can offer one, with your flight, dates and languages.',
    },
    match: {
      title: 'Find a match',
      text: 'We match requests on dates, airports and service, and let you know when there is one.',
    },
    connect: { title: 'Connect', text: 'Chat with your match, agree on the details and travel together.' },
  },
  whyChoose: {
    title: `Why choose ${PRODUCT_NAME}`,
    free: {
      title: 'Free for everyone',
      text: 'A community platform: no fees, no subscriptions, no payments through the site.',
    },
    community: {
      title: 'Our community, worldwide',
      text: 'Travellers of the Indian community in many countries, flying the routes your family flies.',
    },
    matches: {
      title: 'Matches that fit',
      text: 'Requests are matched on travel dates, airports and the help that is needed.',
    },
    chat: {
      title: 'Private chat',
      text: 'Talk to your match directly before the trip and plan the journey together.',
    },
  },
  safety: {
    title: 'Safety and trust',
    adults: {
      title: 'Adults only',
      text: `${PRODUCT_NAME} is for travellers aged 18 and over, for companionship only.`,
    },
    verified: {
      title: 'Verified email',
      text: 'Every account signs in with a one-time code sent to its email address.',
    },
    private: {
      title: 'Private conversations',
      text: 'Chats are between you and your match and are not monitored, so use your judgment and stay safe.',
    },
    control: {
      title: 'You stay in control',
      text: 'Cancel a request at any time, and meet only in public areas of the airport.',
    },
  },
  faq: {
    title: 'Frequently asked questions',
    pay: {
      question: `Do I have to pay to use ${PRODUCT_NAME}?`,
      answer: `No. ${PRODUCT_NAME} is free and handles no payments. Some companions ask for a service charge, which their request shows; any such arrangement is between you and them.`,
    },
    meet: {
      question: 'How do I meet my companion safely?',
      answer:
        'Chat first and confirm the flight details, meet in a public area of the airport, share your plans with family, and trust your judgment. Chats are private and not monitored.',
    },
    cancel: {
      question: 'Can I cancel a request?',
      answer: 'Yes, at any time. A cancelled request stops being matched.',
    },
    matching: {
      question: 'How does matching work?',
      answer:
        'Requests are matched on travel dates, origin and destination airports and the service needed. You are told when a match is found.',
    },
  },
  cta: {
    title: 'Ready for your next journey?',
    text: 'Join the community and find someone to travel with, or help someone travel with you.',
    signUp: 'Sign up free',
  },
  learnMore: {
    title: `About ${PRODUCT_NAME}`,
    subtitle: 'A free community platform where adult travellers find companions for their flights.',
    whyTitle: 'Why we exist',
    why: `Many in the Indian community worldwide have parents and grandparents who fly long routes alone, through unfamiliar airports and in languages they do not speak. At the same time, other travellers are already on those flights and happy to help. ${PRODUCT_NAME} brings them together.`,
    whatTitle: 'What you can do',
    what: 'Ask for a travel companion for yourself or a family member, or offer companionship, gate-to-gate help and language support on a flight you are taking. Requests are matched on travel dates, airports and the service needed, and you can chat with your match to plan the journey.',
    freeTitle: 'Free, and for companionship only',
    free: `${PRODUCT_NAME} is for adults (18+) and for companionship only. It handles no payments. You can cancel a request at any time.`,
    safetyTitle: 'Your safety',
    safety:
      'Everyone signs in with a one-time code sent to their email address. Chats are private and not monitored, so use your judgment: confirm flight details, meet in public areas of the airport and keep your family informed.',
    contactTitle: 'Get in touch',
    contact: 'Questions or feedback? Write to us at',
    getStarted: 'Get Started',
  },
  /** The sign-in and registration screens (the forms helper's files): keys ready for t() after its merge. */
  login: { ...SITE_MESSAGES },
  /** Labels written in the forms helper's files today (login dialog and page, code page, registration). */
  forms: {
    emailAddress: 'Email Address',
    enterEmailTitle: 'Enter Email Address',
    welcomeTitle: 'Welcome!',
    sendOtp: 'Send OTP',
    codeSentTo: 'Enter the 6-digit code sent to',
    verify: 'Verify',
    changeEmail: 'Change Email Address',
    resendOtp: 'Resend OTP',
    resendIn: 'You can resend the code in {{seconds}}s',
    oneTimeCode: 'One-time code',
    digit: 'Digit {{index}}',
    close: 'Close',
    signingIn: 'Signing you in',
    useRealOtp: 'Use real OTP via SMS',
    verifyTitle: 'Verify your email',
    noEmail: 'There is no email address to verify. Please sign in again.',
    goToLogin: 'Go to login',
    registrationTitle: 'Complete Your Registration',
    fullName: 'Full Name',
    mobileNumber: 'Mobile Number',
    country: 'Country',
    countryValue: 'Country: {{name}}',
    acceptTerms: 'I have read and accept the',
    completeRegistration: 'Complete Registration',
    verifyOtpStep: 'Verify OTP',
    digitOf: 'Digit {{index}} of {{total}}',
    verificationSuccess: 'Verification successful! Taking you to your dashboard…',
    acceptTermsWithLink: 'I have read and accept the <terms>Terms & Conditions</terms>',
    flagOf: '{{name}} flag',
  },
  /** The terms and the privacy policy: their documents are English only (issue 38). */
  legalPage: { englishOnly: 'This page is available in English only for now.' },
};

export type SiteTexts = typeof en;

export const siteCatalogue = defineCatalogue('site', en, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ './catalogue.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu" */ './catalogue.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa" */ './catalogue.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta" */ './catalogue.ta'),
  te: () => import(/* webpackChunkName: "lang-te" */ './catalogue.te'),
  bn: () => import(/* webpackChunkName: "lang-bn" */ './catalogue.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr" */ './catalogue.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml" */ './catalogue.ml'),
});
