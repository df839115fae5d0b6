/** References and trust figures in Gujarati (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_GU: Translation<typeof REFERENCES_EN> = {
  title: 'મુસાફરી પછી',
  ask: '{{name}} સાથે આપની મુસાફરી કેવી રહી?',
  rating: 'મુસાફરી કેવી રહી?',
  ratings: { positive: 'સારી', neutral: 'ઠીકઠાક', negative: 'ખરાબ' },
  text: 'આપનો અભિપ્રાય',
  textHelp:
    'ઓછામાં ઓછા 20 અક્ષર. આપ બંને આપનો અભિપ્રાય લખી દો ત્યારે, અથવા મુસાફરીના 14 દિવસ પછી, {{name}} તે જોઈ શકશે.',
  noShow: '{{name}} આવ્યા નહીં',
  send: 'અભિપ્રાય મોકલો',
  sending: 'મોકલી રહ્યા છીએ...',
  sendFailed: 'અભિપ્રાય મોકલી શકાયો નહીં. કૃપા કરીને ફરી પ્રયાસ કરો.',
  given: 'આપનો અભિપ્રાય',
  received: 'આપના વિશે તેમનો અભિપ્રાય',
  hidden:
    '{{name}} તરફથી અભિપ્રાય આવી ગયો છે. આપ આપનો અભિપ્રાય લખશો પછી, અથવા મુસાફરીના 14 દિવસ પછી, તે જોઈ શકશો.',
  noneReceived: '{{name}} તરફથી હજુ કોઈ અભિપ્રાય નથી.',
  noShowMark: 'આવ્યા નહીં',
  trust: {
    title: 'ભરોસો',
    trips: '{{count}} મુસાફરી પૂરી કરી',
    references: '{{positive}} સારા · {{neutral}} ઠીકઠાક · {{negative}} ખરાબ અભિપ્રાય',
    memberSince: '{{month}}થી સભ્ય',
    lateCancellations: 'છેલ્લા 12 મહિનામાં છેલ્લી ઘડીએ રદ: {{count}}',
  },
};
