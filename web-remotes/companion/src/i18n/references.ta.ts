/** References and trust figures in Tamil (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_TA: Translation<typeof REFERENCES_EN> = {
  title: 'பயணத்துக்குப் பிறகு',
  ask: '{{name}} அவர்களுடன் உங்கள் பயணம் எப்படி இருந்தது?',
  rating: 'பயணம் எப்படி இருந்தது?',
  ratings: { positive: 'நன்று', neutral: 'பரவாயில்லை', negative: 'சரியில்லை' },
  text: 'உங்கள் கருத்து',
  textHelp:
    'குறைந்தது 20 எழுத்துகள். நீங்கள் இருவரும் கருத்து எழுதிய பிறகு, அல்லது பயணத்துக்கு 14 நாட்கள் கழித்து, {{name}} இதைப் பார்க்க முடியும்.',
  noShow: '{{name}} வரவில்லை',
  send: 'கருத்தை அனுப்பவும்',
  sending: 'அனுப்பப்படுகிறது...',
  sendFailed: 'கருத்தை அனுப்ப முடியவில்லை. மீண்டும் முயலவும்.',
  given: 'உங்கள் கருத்து',
  received: 'உங்களைப் பற்றி அவருடைய கருத்து',
  hidden:
    '{{name}} ஒரு கருத்தை எழுதியுள்ளார். நீங்கள் உங்கள் கருத்தை எழுதிய பிறகு, அல்லது பயணத்துக்கு 14 நாட்கள் கழித்து, அதைப் பார்க்கலாம்.',
  noneReceived: '{{name}} இன்னும் கருத்து எழுதவில்லை.',
  noShowMark: 'வரவில்லை',
  trust: {
    title: 'நம்பிக்கை',
    trips: 'நிறைவு செய்த பயணங்கள்: {{count}}',
    references: 'கருத்துகள்: நன்று {{positive}} · பரவாயில்லை {{neutral}} · சரியில்லை {{negative}}',
    memberSince: '{{month}} முதல் உறுப்பினர்',
    lateCancellations: 'கடந்த 12 மாதங்களில் கடைசி நேர ரத்து: {{count}}',
  },
};
