/** Posting for family and the family page in Bengali (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_BN: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'কে যাত্রা করছেন?',
    self: 'আমি নিজে',
    family: 'আমার পরিবারের কেউ',
    familyHelp:
      'নিচে যাত্রীর নাম হিসেবে তাঁর নাম লিখুন। তাঁর হয়ে অনুরোধ ও কথাবার্তা আপনিই করবেন, আর আপনার সহযাত্রী দেখবেন যে আপনি এটি তাঁর জন্য পাঠিয়েছেন।',
  },
  page: {
    whoseTrip: '{{traveller}}-এর {{city}} যাত্রা',
    aTrip: '{{city}} যাত্রা',
    matched: '{{helper}} {{flight}} ফ্লাইটে {{helped}}-এর সঙ্গে যাবেন',
    matchedNoFlight: '{{helper}} {{helped}}-এর সঙ্গে যাবেন',
    meeting: '{{traveller}} {{place}}-এ {{companion}}-এর সঙ্গে দেখা করবেন — {{time}}',
    met: '{{traveller}} বিমানবন্দরে {{companion}}-এর সঙ্গে দেখা করেছেন — {{time}}',
    boarded: '{{traveller}} {{flight}} ফ্লাইটে উঠেছেন — {{time}}',
    boardedNoFlight: '{{traveller}} বিমানে উঠেছেন — {{time}}',
    landed: '{{traveller}}-এর বিমান {{city}}-এ নেমেছে — {{time}}',
    handedOver: '{{helper}} {{city}}-এ {{helped}}-কে হস্তান্তর করেছেন — {{time}}',
    over: 'যাত্রার তারিখ পেরিয়ে গেছে।',
    theTraveller: 'যাত্রী',
    theCompanion: 'তাঁর সহযাত্রী',
    shareInvite: 'SafarSaathi-তে যাত্রার খবর দেখুন:',
  },
};
