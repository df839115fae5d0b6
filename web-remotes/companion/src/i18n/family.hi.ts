/** Posting for family and the family page in Hindi (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_HI: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'यात्रा कौन कर रहा है?',
    self: 'मैं ख़ुद',
    family: 'मेरे परिवार का कोई सदस्य',
    familyHelp:
      'नीचे यात्री के रूप में उनका नाम लिखें। अनुरोध और बातचीत आप उनकी ओर से करेंगे, और आपके सहयात्री को दिखेगा कि आपने यह उनके लिए भेजा है।',
  },
  page: {
    whoseTrip: '{{traveller}} की {{city}} यात्रा',
    aTrip: '{{city}} की यात्रा',
    matched: '{{helper}} {{flight}} में {{helped}} के साथ यात्रा करेंगे',
    matchedNoFlight: '{{helper}} {{helped}} के साथ यात्रा करेंगे',
    meeting: '{{traveller}} {{place}} पर {{companion}} से मिलेंगे — {{time}}',
    met: '{{traveller}} एयरपोर्ट पर {{companion}} से मिले — {{time}}',
    boarded: '{{traveller}} {{flight}} में सवार हुए — {{time}}',
    boardedNoFlight: '{{traveller}} विमान में सवार हुए — {{time}}',
    landed: '{{traveller}} का विमान {{city}} में उतर गया — {{time}}',
    handedOver: '{{helper}} ने {{city}} में {{helped}} को सौंप दिया — {{time}}',
    over: 'यात्रा की तारीख़ बीत चुकी है।',
    theTraveller: 'यात्री',
    theCompanion: 'उनके सहयात्री',
    shareInvite: 'SafarSaathi पर यात्रा की जानकारी देखें:',
  },
};
