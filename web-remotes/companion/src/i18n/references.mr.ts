/** References and trust figures in Marathi (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_MR: Translation<typeof REFERENCES_EN> = {
  title: 'प्रवासानंतर',
  ask: '{{name}} यांच्यासोबत आपला प्रवास कसा झाला?',
  rating: 'प्रवास कसा झाला?',
  ratings: { positive: 'चांगला', neutral: 'ठीकठाक', negative: 'वाईट' },
  text: 'आपला अभिप्राय',
  textHelp:
    'किमान 20 अक्षरे. आपण दोघांनीही आपापला अभिप्राय लिहिल्यावर, किंवा प्रवासानंतर 14 दिवसांनी {{name}} यांना तो दिसेल.',
  noShow: '{{name}} आले नाहीत',
  send: 'अभिप्राय पाठवा',
  sending: 'पाठवत आहोत...',
  sendFailed: 'अभिप्राय पाठवता आला नाही. कृपया पुन्हा प्रयत्न करा.',
  given: 'आपला अभिप्राय',
  received: 'आपल्याबद्दल त्यांचा अभिप्राय',
  hidden:
    '{{name}} यांनी अभिप्राय लिहिला आहे. आपण आपला अभिप्राय लिहिल्यावर, किंवा प्रवासानंतर 14 दिवसांनी तो आपल्याला दिसेल.',
  noneReceived: '{{name}} यांच्याकडून अजून अभिप्राय आलेला नाही.',
  noShowMark: 'आले नाहीत',
  trust: {
    title: 'विश्वास',
    trips: '{{count}} प्रवास पूर्ण केले',
    references: '{{positive}} चांगले · {{neutral}} ठीकठाक · {{negative}} वाईट अभिप्राय',
    memberSince: '{{month}} पासून सदस्य',
    lateCancellations: 'गेल्या 12 महिन्यांत शेवटच्या क्षणी रद्द: {{count}}',
  },
};
