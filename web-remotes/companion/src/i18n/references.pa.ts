/** References and trust figures in Punjabi (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_PA: Translation<typeof REFERENCES_EN> = {
  title: 'ਸਫ਼ਰ ਤੋਂ ਬਾਅਦ',
  ask: '{{name}} ਨਾਲ ਤੁਹਾਡਾ ਸਫ਼ਰ ਕਿਵੇਂ ਰਿਹਾ?',
  rating: 'ਸਫ਼ਰ ਕਿਵੇਂ ਰਿਹਾ?',
  ratings: { positive: 'ਵਧੀਆ', neutral: 'ਠੀਕ-ਠਾਕ', negative: 'ਮਾੜਾ' },
  text: 'ਤੁਹਾਡੀ ਰਾਇ',
  textHelp: 'ਘੱਟੋ-ਘੱਟ 20 ਅੱਖਰ। {{name}} ਇਸ ਨੂੰ ਉਦੋਂ ਦੇਖਣਗੇ ਜਦੋਂ ਤੁਸੀਂ ਦੋਵੇਂ ਆਪਣੀ ਰਾਇ ਲਿਖ ਦਿਓਗੇ, ਜਾਂ ਸਫ਼ਰ ਤੋਂ 14 ਦਿਨ ਬਾਅਦ।',
  noShow: '{{name}} ਨਹੀਂ ਆਏ',
  send: 'ਰਾਇ ਭੇਜੋ',
  sending: 'ਭੇਜੀ ਜਾ ਰਹੀ ਹੈ...',
  sendFailed: 'ਰਾਇ ਭੇਜੀ ਨਹੀਂ ਜਾ ਸਕੀ। ਕਿਰਪਾ ਕਰਕੇ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।',
  given: 'ਤੁਹਾਡੀ ਰਾਇ',
  received: 'ਤੁਹਾਡੇ ਬਾਰੇ ਉਹਨਾਂ ਦੀ ਰਾਇ',
  hidden: '{{name}} ਨੇ ਰਾਇ ਲਿਖੀ ਹੈ। ਤੁਸੀਂ ਇਸ ਨੂੰ ਆਪਣੀ ਰਾਇ ਲਿਖਣ ਤੋਂ ਬਾਅਦ, ਜਾਂ ਸਫ਼ਰ ਤੋਂ 14 ਦਿਨ ਬਾਅਦ ਦੇਖ ਸਕੋਗੇ।',
  noneReceived: '{{name}} ਵੱਲੋਂ ਅਜੇ ਕੋਈ ਰਾਇ ਨਹੀਂ ਆਈ।',
  noShowMark: 'ਨਹੀਂ ਆਏ',
  trust: {
    title: 'ਭਰੋਸਾ',
    trips: '{{count}} ਸਫ਼ਰ ਪੂਰੇ ਕੀਤੇ',
    references: 'ਰਾਵਾਂ: {{positive}} ਵਧੀਆ · {{neutral}} ਠੀਕ-ਠਾਕ · {{negative}} ਮਾੜੀਆਂ',
    memberSince: '{{month}} ਤੋਂ ਮੈਂਬਰ',
    lateCancellations: 'ਪਿਛਲੇ 12 ਮਹੀਨਿਆਂ ਵਿੱਚ ਆਖ਼ਰੀ ਸਮੇਂ ਰੱਦ: {{count}}',
  },
};
