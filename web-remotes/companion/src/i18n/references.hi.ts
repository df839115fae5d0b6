/** References and trust figures in Hindi (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_HI: Translation<typeof REFERENCES_EN> = {
  title: 'यात्रा के बाद',
  ask: '{{name}} के साथ आपकी यात्रा कैसी रही?',
  rating: 'यात्रा कैसी रही?',
  ratings: { positive: 'अच्छी', neutral: 'ठीक-ठाक', negative: 'ख़राब' },
  text: 'आपकी राय',
  textHelp: 'कम से कम 20 अक्षर। {{name}} इसे तब देखेंगे जब आप दोनों अपनी राय लिख देंगे, या यात्रा के 14 दिन बाद।',
  noShow: '{{name}} नहीं आए',
  send: 'राय भेजें',
  sending: 'भेजी जा रही है...',
  sendFailed: 'राय नहीं भेजी जा सकी। कृपया फिर कोशिश करें।',
  given: 'आपकी राय',
  received: 'आपके बारे में उनकी राय',
  hidden: '{{name}} ने राय लिखी है। आप इसे अपनी राय लिखने के बाद, या यात्रा के 14 दिन बाद देखेंगे।',
  noneReceived: '{{name}} की ओर से अभी कोई राय नहीं।',
  noShowMark: 'नहीं आए',
  trust: {
    title: 'भरोसा',
    trips: 'पूरी की गई यात्राएँ: {{count}}',
    references: '{{positive}} अच्छी · {{neutral}} ठीक-ठाक · {{negative}} ख़राब राय',
    memberSince: '{{month}} से सदस्य',
    lateCancellations: 'पिछले 12 महीनों में आख़िरी समय पर रद्द: {{count}}',
  },
};
