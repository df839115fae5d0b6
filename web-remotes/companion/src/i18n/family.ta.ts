/** Posting for family and the family page in Tamil (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_TA: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'யார் பயணம் செய்கிறார்?',
    self: 'நானே',
    family: 'என் குடும்பத்தில் ஒருவர்',
    familyHelp:
      'அவருடைய பெயரைக் கீழே பயணியின் பெயராக எழுதவும். அவர் சார்பாகக் கோரிக்கையையும் உரையாடலையும் நீங்களே செய்வீர்கள்; இதை அவருக்காக நீங்கள் அனுப்பியதை உங்கள் பயணத் துணை பார்ப்பார்.',
  },
  page: {
    whoseTrip: '{{traveller}} அவர்களின் {{city}} பயணம்',
    aTrip: '{{city}} பயணம்',
    matched: '{{helper}} {{flight}} விமானத்தில் {{helped}} அவர்களுடன் பயணம் செய்வார்',
    matchedNoFlight: '{{helper}} {{helped}} அவர்களுடன் பயணம் செய்வார்',
    meeting: '{{traveller}} {{place}} இல் {{companion}} அவர்களைச் சந்திப்பார் — {{time}}',
    met: '{{traveller}} விமான நிலையத்தில் {{companion}} அவர்களைச் சந்தித்தார் — {{time}}',
    boarded: '{{traveller}} {{flight}} விமானத்தில் ஏறினார் — {{time}}',
    boardedNoFlight: '{{traveller}} விமானத்தில் ஏறினார் — {{time}}',
    landed: '{{traveller}} அவர்களின் விமானம் {{city}} இல் தரையிறங்கியது — {{time}}',
    handedOver: '{{helper}} {{city}} இல் {{helped}} அவர்களை ஒப்படைத்தார் — {{time}}',
    over: 'பயணத் தேதி கடந்துவிட்டது.',
    theTraveller: 'பயணி',
    theCompanion: 'அவருடைய பயணத் துணை',
    shareInvite: 'SafarSaathi இல் பயணத்தைப் பின்தொடருங்கள்:',
  },
};
