/** The `search` namespace in Tamil: a chunk of its own, loaded only when the page is in Tamil. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const ta: Translation<SearchTexts> = {
  title: 'பயணிகளையும் கோரிக்கைகளையும் தேடுங்கள்',
  serviceLabel: 'சேவை வகை',
  fromLabel: 'புறப்படும் விமான நிலையம்',
  toLabel: 'சேரும் விமான நிலையம்',
  fromDateLabel: 'இந்தத் தேதி முதல்',
  toDateLabel: 'இந்தத் தேதி வரை',
  search: 'தேடவும்',
  contact: 'தொடர்புகொள்ளவும்',
  connecting: 'இணைக்கப்படுகிறது...',
  submittedBy: 'அனுப்பியவர்:',
  submitted: 'அனுப்பப்பட்டது',
  traveler: 'பயணி',
  freeService: 'இலவசச் சேவை',
  ticketsBooked: 'டிக்கெட் முன்பதிவு ஆகிவிட்டது',
  ticketsNotBooked: 'டிக்கெட் இன்னும் முன்பதிவு ஆகவில்லை',
  contactFailed: 'தொடர்பைத் தொடங்க முடியவில்லை. மீண்டும் முயலவும்.',
  speaks: 'பேசும் மொழி',
  anyLanguage: 'எந்த மொழியும்',
  services: { companion: 'பயணத் துணை சேவை', ride: 'வாகனச் சேவை', document: 'ஆவணச் சேவை' },
  filters: 'பயணிகள் தேடல் வடிகட்டிகள்',
  searching: 'தேடப்படுகிறது',
  found: 'கிடைத்த பயணிகள்: {{count}}',
  foundFrom: 'கிடைத்த பயணிகள்: {{count}} (புறப்படும் இடம்: {{airport}})',
  badges: {
    seeking: 'பயணத் துணை தேவை',
    free: 'இலவசப் பயணத் துணை',
    paid: 'கட்டணப் பயணத் துணை',
    provideRide: 'வாகனம் தருவார்',
    needRide: 'வாகனம் தேவை',
    document: 'ஆவணம்',
  },
  genders: { male: 'ஆண்', female: 'பெண்', other: 'மற்றவை' },
  age: '{{age}} வயது',
  trust: {
    trips: 'நிறைவு செய்த பயணங்கள்: {{count}}',
    lateCancellations: 'கடந்த 12 மாதங்களில் கடைசி நேர ரத்து: {{count}}',
    references: 'நன்று {{positive}} · பரவாயில்லை {{neutral}} · சரியில்லை {{negative}}',
    memberSince: '{{month}} முதல் உறுப்பினர்',
  },
  via: 'வழி:',
  chatStarted: '{{name}} அவர்களுடன் இப்போது உரையாடலாம்!',
  disclaimer: {
    title: 'முதலில் ஒரு கோரிக்கையை உருவாக்கவும்',
    document: 'இந்தப் பயணியைத் தொடர்புகொண்டு ஆவணங்களைக் கொண்டுசெல்ல, முதலில் நீங்கள் ஒரு பயணக் கோரிக்கையை உருவாக்க வேண்டும்.',
    companion: '{{name}} அவர்களைத் தொடர்புகொள்ள, முதலில் நீங்கள் ஒரு பயணத் துணை கோரிக்கையை உருவாக்க வேண்டும்.',
    thisTraveller: 'இந்தப் பயணி',
    why: 'இதை ஏன் கேட்கிறோம்:',
    reasons: {
      verify: {
        title: 'பயணத் திட்டத்தை உறுதிசெய்தல்',
        detail: 'நீங்கள் உண்மையில் இந்த வழியில் பயணம் செய்கிறீர்கள் என்பதை உங்கள் கோரிக்கை உறுதிசெய்கிறது.',
      },
      safe: {
        title: 'பாதுகாப்பான தொடர்பு',
        detail: 'சந்திப்பதற்கு முன்பே இரு பயணிகளும் ஒருவரைப் பற்றி ஒருவர் அறிந்திருப்பார்கள்.',
      },
      matching: {
        title: 'சிறந்த பொருத்தம்',
        detail: 'உங்கள் இருவரின் விமானங்கள், தேதிகள், இடைநிறுத்தங்களை நாங்கள் ஒப்பிட்டுப் பார்க்க முடியும்.',
      },
      record: {
        title: 'உரையாடல்களின் பதிவு',
        detail: 'உங்கள் உரையாடல் உங்கள் கோரிக்கையுடன் இணைந்தே இருக்கும்.',
      },
    },
    after: 'உங்கள் கோரிக்கை உருவானதும், அந்தப் பயணியுடன் உரையாடல் தானாகவே தொடங்கும்.',
    cancel: 'ரத்து செய்யவும்',
    continue: 'கோரிக்கையை உருவாக்கத் தொடரவும்',
  },
};

export default ta;
