/** The `search` namespace: the traveller search widget (landing page and dashboard). */
import { COMPANION_MESSAGES, SEARCH_TEXT, SERVICE_TYPE_LABELS } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';

const en = {
  ...SEARCH_TEXT,
  services: { ...SERVICE_TYPE_LABELS },
  filters: 'Traveller search filters',
  searching: 'Searching',
  speaks: 'Speaks',
  anyLanguage: 'Any language',
  found: 'Found {{count}} traveller(s)',
  foundFrom: 'Found {{count}} traveller(s) from {{airport}}',
  badges: {
    seeking: 'SEEKING COMPANION',
    free: 'FREE COMPANION',
    paid: 'PAID COMPANION',
    provideRide: 'PROVIDE RIDE',
    needRide: 'NEED RIDE',
    document: 'DOCUMENT',
  },
  genders: { male: 'Male', female: 'Female', other: 'Other' },
  age: '{{age}} yrs',
  trust: {
    trips: 'Trips completed: {{count}}',
    /** Shown when not zero: matched trips cancelled within 48 hours of the departure. */
    lateCancellations: 'Late cancellations in the last 12 months: {{count}}',
    references: '{{positive}} positive · {{neutral}} neutral · {{negative}} negative',
    memberSince: 'Member since {{month}}',
  },
  via: 'Via',
  chatStarted: COMPANION_MESSAGES.chatStarted('{{name}}'),
  disclaimer: {
    title: 'Create a request first',
    document: 'To contact this traveller and carry documents, you first need to create a travel request.',
    companion: 'To contact {{name}}, you first need to create a companion request.',
    thisTraveller: 'this traveller',
    why: 'Why we ask for this:',
    reasons: {
      verify: {
        title: 'Verify travel plans',
        detail: 'Your request confirms you are really travelling on this route.',
      },
      safe: {
        title: 'Ensure safe connections',
        detail: 'Both travellers are known to each other before they meet.',
      },
      matching: {
        title: 'Better matching',
        detail: 'We can compare flights, dates and layovers for both of you.',
      },
      record: {
        title: 'Keep a record of interactions',
        detail: 'Your conversation stays linked to your request.',
      },
    },
    after: 'Once your request is created, a chat with the traveler starts automatically.',
    cancel: 'Cancel',
    continue: 'Continue to Create Request',
  },
};

export type SearchTexts = typeof en;

export const searchCatalogue = defineCatalogue('search', en, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ './catalogue.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu" */ './catalogue.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa" */ './catalogue.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta" */ './catalogue.ta'),
  te: () => import(/* webpackChunkName: "lang-te" */ './catalogue.te'),
  bn: () => import(/* webpackChunkName: "lang-bn" */ './catalogue.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr" */ './catalogue.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml" */ './catalogue.ml'),
});
