/**
 * The `companion` namespace: the companion screen, request cards, travel plans, sharing and the shared
 * trip page; and (for the lead to switch to t() after the forms merge) the form labels of the companion
 * and travel forms. English from messages.ts and the contracts' constants.
 */
import { COMPANION_LABELS, COMPANION_MESSAGES, SHARE_TEXT } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';
import { COMPANION_TEXT, TRAVEL_TEXT } from '../messages';
import { TRIP_DAY_EN } from './tripDay';
import { REFERENCES_EN } from './references';
import { FAMILY_EN } from './family';
import { PAPERS_EN } from './papers';

const { features, discardText, ...companionTexts } = COMPANION_TEXT;
const { expires, lookingFor, ...shareTexts } = SHARE_TEXT;

const en = {
  companion: {
    ...companionTexts,
    features: { gateToGate: features[0], language: features[1] },
    discardText: discardText('{{name}}'),
    /** Above the form when a search result's Contact brought the visitor here. */
    contactBannerText: 'Create a companion request to contact {{name}}.',
    /** The name used when the search result named nobody. */
    contactFallback: 'this traveller',
    /** Addendum §3: the service worker's kept trips, shown without a network. */
    offline: 'You are offline. Showing your trips as of {{time}}.',
    /** Issue 36: what the offline copy leaves out. */
    offlineKeptOut:
      'For your safety this phone does not keep the hand-over code or phone numbers: they show again when you are online.',
    /** Issue 22 item 3: offered on this device once a request is matched. */
    pushPrompt: {
      text: 'Get a notification when your companion sets the meeting point or your trip moves, even with SafarSaathi closed.',
      turnOn: 'Turn on',
      notNow: 'Not now',
      turnedOn: 'Notifications are on for this device. Choose which ones on your profile page.',
      blocked:
        "Notifications from SafarSaathi are blocked in this browser's settings. Allow them for this site, then try again.",
      failed: 'Notifications could not be turned on. Please try again.',
    },
  },
  travel: {
    ...TRAVEL_TEXT,
    helpPreference: { ...TRAVEL_TEXT.helpPreference },
    actions: 'Travel plan actions',
    travelDate: 'Travel Date',
    time: 'Time',
    airline: 'Airline',
    languagesSpoken: 'Languages Spoken',
  },
  share: {
    ...shareTexts,
    expires: expires('{{date}}'),
    lookingFor: { ...lookingFor },
    openFailed: 'This link could not be opened. Please try again later.',
    /** The family link's timeline (addendum §1.6). */
    tripDay: 'Trip day',
    meetingPoint: 'Meeting point',
    noMeetingYet: 'No meeting point agreed yet',
    milestones: {
      met: 'Met at the airport',
      boarded: 'Boarded the flight',
      landed: 'Landed',
      handed_over: 'Handed over at arrival',
    },
    done: 'Done',
    notYet: 'Not yet',
    liveOn: 'This page updates by itself.',
    liveOff: 'This page checks for news every 20 seconds.',
  },
  labels: { ...COMPANION_LABELS },
  tripDay: TRIP_DAY_EN,
  references: REFERENCES_EN,
  family: FAMILY_EN,
  papers: PAPERS_EN,
  card: {
    airline: 'Airline',
    flightNumber: 'Flight Number',
    date: 'Date',
    yourFlight: 'Your flight',
    companion: 'Companion',
    from: 'From',
    to: 'To',
    flight: 'Flight',
    passenger: 'Passenger',
    languages: 'Languages',
    price: 'Price',
    errorPrefix: 'Error:',
    startingChat: 'Starting chat',
  },
  /** Labels written in the forms helper's files today (CompanionForm, TravelFormPage). */
  form: {
    bookingStatus: 'Booking status',
    layoversOptional: 'Layovers (optional)',
    removeLayover: 'Remove layover {{index}}',
    layoverAirport: 'Layover Airport',
    layoverAirline: 'Layover Airline',
    layoverFlightNumber: 'Layover Flight Number',
    layoverDate: 'Layover Date',
    genders: { male: 'Male', female: 'Female', other: 'Other' },
    serviceCharges: 'Service Charges',
    description: 'Description',
    helpPreference: 'Help preference',
    removeFlight: 'Remove flight {{index}}',
    fullName: 'Full Name',
    specialNeeds: 'Special Needs/Assistance Required',
    layoverNumber: 'Layover {{index}}',
    fromAirport: 'From Airport',
    toAirport: 'To Airport',
    travelDate: 'Travel Date',
    airline: 'Airline',
    flightNumber: 'Flight Number',
    age: 'Age',
    gender: 'Gender',
    languagesSpoken: 'Languages Spoken',
  },
  formMessages: {
    required: COMPANION_MESSAGES.required('{{label}}'),
    airportCode: COMPANION_MESSAGES.airportCode('{{label}}'),
    pastDate: COMPANION_MESSAGES.pastDate('{{label}}'),
    chatStarted: COMPANION_MESSAGES.chatStarted('{{name}}'),
  },
};

export type CompanionTexts = typeof en;

export const companionCatalogue = defineCatalogue('companion', en, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ './catalogue.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu" */ './catalogue.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa" */ './catalogue.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta" */ './catalogue.ta'),
  te: () => import(/* webpackChunkName: "lang-te" */ './catalogue.te'),
  bn: () => import(/* webpackChunkName: "lang-bn" */ './catalogue.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr" */ './catalogue.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml" */ './catalogue.ml'),
});
