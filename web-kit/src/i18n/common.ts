/**
 * The `common` namespace: the shell's and web-kit's texts, and every message a service can answer with
 * (`messages.<group>.<key>`, the English taken from the contracts' constants, so a service error's `code`
 * is also its key here).
 */
import {
  AIRPORT_TEXT,
  AUTH_MESSAGES,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  blockedMessage,
  messageTexts,
} from '@safarsaathi/contracts';
import { defineCatalogue } from './catalogue';

const serverMessages = messageTexts();

const en = {
  language: {
    /** The switch's group name (screen readers); each option is named in its own language. */
    label: 'Language',
    english: 'English',
    hindi: 'हिन्दी',
    saveFailed: 'Your language could not be saved to your account. It is kept on this device.',
  },
  header: {
    about: 'About',
    login: 'Login',
    dashboard: 'Dashboard',
  },
  footer: {
    notice:
      'A free community platform connecting adult travelers (18+) for companionship only. Use your judgment and stay safe.',
    tagline: 'Making travel accessible for the Indian community worldwide.',
    terms: 'Terms & Conditions',
    privacy: 'Privacy Policy',
    help: 'Help and Support',
    facebook: `${PRODUCT_NAME} on Facebook`,
    instagram: `${PRODUCT_NAME} on Instagram`,
  },
  nav: {
    main: 'Main navigation',
    productHome: `${PRODUCT_NAME} home`,
    home: 'Home',
    companion: 'Companion',
    travelPlans: 'Travel Plans',
    messages: 'Messages',
  },
  pages: {
    notFoundTitle: 'Page not found',
    notFoundText: 'The page you are looking for does not exist.',
    goHome: 'Go to the home page',
    errorTitle: 'Something went wrong',
    errorText: 'Please reload the page. If it keeps happening, try again later.',
    reload: 'Reload',
    blockedTitle: 'Access blocked',
    /** The spec's wording, built by the contracts' function so it cannot drift. */
    blockedMessage: blockedMessage('{{reason}}', '{{email}}'),
    emailSupport: `Email ${SUPPORT_EMAIL}`,
  },
  remote: {
    loadFailed: `This part of ${PRODUCT_NAME} could not be loaded. Please try again.`,
    retry: 'Retry',
    loading: 'Loading',
    loadingSignIn: 'Loading sign-in',
    checkingSession: 'Checking your session',
    chat: 'Chat',
  },
  /** The service worker's update (docs/decisions.md "Offline and install"). */
  update: {
    ready: `A new version of ${PRODUCT_NAME} is ready.`,
    reload: 'Reload',
    later: 'Later',
  },
  /** Easy reading (addendum §4): the two switches, on the profile page and in the public header. */
  easyReading: {
    title: 'Easy reading',
    hint: 'Bigger text and stronger colours, on every screen. Saved to your account when you are signed in.',
    open: 'Easy reading',
    largeText: 'Large text',
    largeTextHint: 'Text at least 20 px and bigger buttons',
    highContrast: 'High contrast',
    highContrastHint: 'Darker text and colours that stand out more',
    saveFailed: 'Your choice could not be saved to your account. It is kept on this device.',
  },
  /** "Read aloud" (addendum §4): speaks a card, the shared trip or a message in the page's language. */
  readAloud: {
    read: 'Read aloud',
    stop: 'Stop reading',
    readMessage: 'Read this message aloud',
    /** Said in place of a 6-digit code (the hand-over code is never read out). */
    codeOnScreen: 'a code shown on the screen',
    /** A route between two airport codes, spelled out by the reader: "D E L to J F K". */
    route: '{{from}} to {{to}}',
  },
  legal: {
    agree: 'By continuing, you agree to our',
    and: 'and',
    end: '.',
  },
  airport: { ...AIRPORT_TEXT, placeholder: 'City, airport or code' },
  messages: {
    ...serverMessages,
    auth: {
      ...serverMessages.auth,
      resendCooldown: AUTH_MESSAGES.resendCooldown('{{seconds}}'),
      wrongCodeBackoff: AUTH_MESSAGES.wrongCodeBackoff('{{seconds}}'),
    },
  },
};

export type CommonTexts = typeof en;

export const commonCatalogue = defineCatalogue('common', en, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ './common.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu" */ './common.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa" */ './common.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta" */ './common.ta'),
  te: () => import(/* webpackChunkName: "lang-te" */ './common.te'),
  bn: () => import(/* webpackChunkName: "lang-bn" */ './common.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr" */ './common.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml" */ './common.ml'),
});
