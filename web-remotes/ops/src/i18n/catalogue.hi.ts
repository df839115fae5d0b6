/** The `ops` namespace in Hindi: a chunk of its own, loaded only when the page is in Hindi. */
import type { Translation } from '@safarsaathi/web-kit';
import type { OpsTexts } from './catalogue';

const hi: Translation<OpsTexts> = {
  title: 'उपयोगकर्ता स्थिति प्रबंधक',
  intro: 'फ़ोन नंबर से किसी उपयोगकर्ता को रोकें, या रोके गए उपयोगकर्ता को फिर से सक्रिय करें।',
  phoneNumber: 'फ़ोन नंबर',
  phoneHint: 'देश के कोड के साथ (जैसे +15551234567) या 10 अंक',
  status: 'स्थिति',
  statuses: { Active: 'सक्रिय', Block: 'रोकें' },
  statusReason: 'स्थिति का कारण',
  clear: 'साफ़ करें',
  update: 'स्थिति बदलें',
  updated: 'उपयोगकर्ता की स्थिति सफलतापूर्वक बदलकर "{{status}}" कर दी गई',
};

export default hi;
