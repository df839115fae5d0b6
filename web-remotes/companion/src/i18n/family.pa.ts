/** Posting for family and the family page in Punjabi (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_PA: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'ਸਫ਼ਰ ਕੌਣ ਕਰ ਰਿਹਾ ਹੈ?',
    self: 'ਮੈਂ ਆਪ',
    family: 'ਮੇਰੇ ਪਰਿਵਾਰ ਦਾ ਕੋਈ ਜੀਅ',
    familyHelp:
      'ਹੇਠਾਂ ਯਾਤਰੀ ਵਜੋਂ ਉਨ੍ਹਾਂ ਦਾ ਨਾਮ ਲਿਖੋ। ਬੇਨਤੀ ਅਤੇ ਗੱਲਬਾਤ ਤੁਸੀਂ ਉਨ੍ਹਾਂ ਵੱਲੋਂ ਕਰੋਗੇ, ਅਤੇ ਤੁਹਾਡੇ ਸਫ਼ਰ ਸਾਥੀ ਨੂੰ ਦਿਸੇਗਾ ਕਿ ਤੁਸੀਂ ਇਹ ਉਨ੍ਹਾਂ ਲਈ ਭੇਜੀ ਹੈ।',
  },
  page: {
    whoseTrip: '{{traveller}} ਦਾ {{city}} ਦਾ ਸਫ਼ਰ',
    aTrip: '{{city}} ਦਾ ਸਫ਼ਰ',
    matched: '{{helper}} {{flight}} ਵਿੱਚ {{helped}} ਨਾਲ ਸਫ਼ਰ ਕਰਨਗੇ',
    matchedNoFlight: '{{helper}} {{helped}} ਨਾਲ ਸਫ਼ਰ ਕਰਨਗੇ',
    meeting: '{{traveller}} {{place}} ਉੱਤੇ {{companion}} ਨੂੰ ਮਿਲਣਗੇ — {{time}}',
    met: '{{traveller}} ਹਵਾਈ ਅੱਡੇ ਉੱਤੇ {{companion}} ਨੂੰ ਮਿਲੇ — {{time}}',
    boarded: '{{traveller}} {{flight}} ਵਿੱਚ ਬੈਠ ਗਏ — {{time}}',
    boardedNoFlight: '{{traveller}} ਜਹਾਜ਼ ਵਿੱਚ ਬੈਠ ਗਏ — {{time}}',
    landed: '{{traveller}} ਦਾ ਜਹਾਜ਼ {{city}} ਵਿੱਚ ਉੱਤਰ ਗਿਆ — {{time}}',
    handedOver: '{{helper}} ਨੇ {{city}} ਵਿੱਚ {{helped}} ਨੂੰ ਸੌਂਪ ਦਿੱਤਾ — {{time}}',
    over: 'ਸਫ਼ਰ ਦੀ ਤਾਰੀਖ਼ ਲੰਘ ਚੁੱਕੀ ਹੈ।',
    theTraveller: 'ਯਾਤਰੀ',
    theCompanion: 'ਉਨ੍ਹਾਂ ਦੇ ਸਫ਼ਰ ਸਾਥੀ',
    shareInvite: 'SafarSaathi ਉੱਤੇ ਸਫ਼ਰ ਦੀ ਜਾਣਕਾਰੀ ਵੇਖੋ:',
  },
};
