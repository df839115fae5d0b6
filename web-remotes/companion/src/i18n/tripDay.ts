/**
 * The trip day's texts on a request card and in the companion form (issue 21): kept apart from the rest of
 * the `companion` namespace (as its `tripDay` section) because the family page's texts grow next to them.
 */
import { EMERGENCY_CONTACT_TEXTS } from '@safarsaathi/contracts';

export const TRIP_DAY_EN = {
  title: 'Trip day',
  zoneNote: 'Times are local time at {{airport}} ({{zone}}).',
  zoneNoteBrowser: 'Times are in your own time zone ({{zone}}).',
  meetingTitle: 'Meeting point',
  noMeeting: 'No meeting point yet. Agree on one with your companion in the chat, then set it here.',
  setByMe: 'Set by you',
  setByCompanion: 'Set by your companion',
  setMeeting: 'Set meeting point',
  changeMeeting: 'Change meeting point',
  meetingDialogTitle: 'Where and when to meet',
  place: 'Place',
  placeHelp: 'For example: Gate 32, or the Air India counter in Terminal 3',
  dateTime: 'Date and time',
  dateTimeHelp: 'Local time at {{airport}} ({{zone}})',
  dateTimeHelpBrowser: 'Your own time zone ({{zone}})',
  dateTimeRequired: 'Enter the date and time to meet.',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  stepsTitle: 'Trip steps',
  steps: { met: 'Met', boarded: 'Boarded', landed: 'Landed', handed_over: 'Handed over' },
  record: {
    met: 'We have met',
    boarded: 'We have boarded',
    landed: 'We have landed',
    handed_over: 'Record the hand-over',
  },
  recordedByMe: 'Recorded by you, {{time}}',
  recordedByCompanion: 'Recorded by your companion, {{time}}',
  skipped: 'Skipped',
  waitingHandover: 'Your companion records this with your hand-over code.',
  windowBefore: 'The steps can be recorded from {{from}} (the day before the flight) until {{to}}.',
  windowAfter: 'The steps could be recorded until {{to}}.',
  windowUnknown: 'The steps can be recorded once the flight date is known.',
  recordFailed: 'This step could not be recorded. Please try again.',
  codeTitle: 'Your hand-over code',
  codeHelp:
    'At arrival, your companion types this code to record that you were handed over. Share it only then.',
  newCode: 'Make a new code',
  newCodeFailed: 'A new code could not be made. Please try again.',
  handoverDialogTitle: 'Record the hand-over',
  handoverDialogText:
    'Ask the traveller (or whoever collects them) for their 6-digit hand-over code and type it here.',
  code: 'Hand-over code',
  confirmHandover: 'Record hand-over',
  codeLocked:
    'Too many wrong codes. Ask the traveller to make a new code on their card, then try again with it.',
  emergencyTitle: 'Emergency contact',
  emergencyNote: 'Shared with you by the traveller for the trip day only.',
  calendar: 'Add to calendar',
  edit: 'Edit',
  editTitle: 'Edit your request',
  saveChanges: 'Save changes',
  saveFailed: 'Your changes could not be saved. Please try again.',
  departure: 'Departure',
  form: {
    departureTime: 'Departure time (optional)',
    departureTimeHelp: 'Local time at the origin airport',
    emergencyTitle: 'Emergency contact (optional)',
    emergencyName: EMERGENCY_CONTACT_TEXTS.name,
    emergencyPhone: EMERGENCY_CONTACT_TEXTS.phone,
    emergencyPhoneHelp: 'Country code and number, e.g. +91 98450 12345',
    emergencyNotice: EMERGENCY_CONTACT_TEXTS.notice,
  },
};

export type TripDayTexts = typeof TRIP_DAY_EN;
