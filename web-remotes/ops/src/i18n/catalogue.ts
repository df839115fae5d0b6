/**
 * The `ops` namespace: the admin's User Status Manager. Its page is the forms helper's file: these keys are
 * ready for the lead to switch it to t() after the merge (the service messages are in `common` → messages.admin).
 */
import { ADMIN_MESSAGES } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';

const en = {
  title: 'User Status Manager',
  intro: 'Block a user, or make a blocked user active again, by their phone number.',
  phoneNumber: 'Phone Number',
  phoneHint: 'With the country code (e.g. +15551234567) or the 10 digits',
  status: 'Status',
  statuses: { Active: 'Active', Block: 'Block' },
  statusReason: 'Status Reason',
  clear: 'Clear',
  update: 'Update Status',
  updated: ADMIN_MESSAGES.updated('{{status}}'),
};

export const opsCatalogue = defineCatalogue('ops', en, {
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
});
