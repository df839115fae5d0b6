/** The `search` namespace in Punjabi (Gurmukhi): a chunk of its own, loaded only when the page is in Punjabi. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const pa: Translation<SearchTexts> = {
  title: 'ਯਾਤਰੀ ਅਤੇ ਬੇਨਤੀਆਂ ਲੱਭੋ',
  serviceLabel: 'ਸੇਵਾ ਦੀ ਕਿਸਮ',
  fromLabel: 'ਰਵਾਨਗੀ ਦਾ ਹਵਾਈ ਅੱਡਾ',
  toLabel: 'ਮੰਜ਼ਿਲ ਦਾ ਹਵਾਈ ਅੱਡਾ',
  fromDateLabel: 'ਇਸ ਤਾਰੀਖ਼ ਤੋਂ',
  toDateLabel: 'ਇਸ ਤਾਰੀਖ਼ ਤੱਕ',
  search: 'ਲੱਭੋ',
  contact: 'ਸੰਪਰਕ ਕਰੋ',
  connecting: 'ਜੋੜਿਆ ਜਾ ਰਿਹਾ ਹੈ...',
  submittedBy: 'ਭੇਜਣ ਵਾਲੇ:',
  submitted: 'ਭੇਜੀ ਗਈ',
  traveler: 'ਯਾਤਰੀ',
  freeService: 'ਮੁਫ਼ਤ ਸੇਵਾ',
  ticketsBooked: 'ਟਿਕਟ ਬੁੱਕ ਹੈ',
  ticketsNotBooked: 'ਟਿਕਟ ਬੁੱਕ ਨਹੀਂ ਹੈ',
  contactFailed: 'ਸੰਪਰਕ ਸ਼ੁਰੂ ਨਹੀਂ ਹੋ ਸਕਿਆ। ਕਿਰਪਾ ਕਰਕੇ ਦੁਬਾਰਾ ਕੋਸ਼ਿਸ਼ ਕਰੋ।',
  speaks: 'ਬੋਲਦੇ ਹਨ',
  anyLanguage: 'ਕੋਈ ਵੀ ਭਾਸ਼ਾ',
  services: { companion: 'ਸਫ਼ਰ ਸਾਥੀ ਸੇਵਾ', ride: 'ਸਵਾਰੀ ਸੇਵਾ', document: 'ਕਾਗ਼ਜ਼ਾਤ ਸੇਵਾ' },
  filters: 'ਯਾਤਰੀ ਖੋਜ ਦੇ ਫ਼ਿਲਟਰ',
  searching: 'ਲੱਭਿਆ ਜਾ ਰਿਹਾ ਹੈ',
  found: '{{count}} ਯਾਤਰੀ ਮਿਲੇ',
  foundFrom: '{{airport}} ਤੋਂ {{count}} ਯਾਤਰੀ ਮਿਲੇ',
  badges: {
    seeking: 'ਸਫ਼ਰ ਸਾਥੀ ਚਾਹੀਦਾ ਹੈ',
    free: 'ਮੁਫ਼ਤ ਸਫ਼ਰ ਸਾਥੀ',
    paid: 'ਫ਼ੀਸ ਵਾਲਾ ਸਫ਼ਰ ਸਾਥੀ',
    provideRide: 'ਸਵਾਰੀ ਦੇ ਸਕਦੇ ਹਨ',
    needRide: 'ਸਵਾਰੀ ਚਾਹੀਦੀ ਹੈ',
    document: 'ਕਾਗ਼ਜ਼ਾਤ',
  },
  genders: { male: 'ਮਰਦ', female: 'ਔਰਤ', other: 'ਹੋਰ' },
  age: '{{age}} ਸਾਲ',
  trust: {
    trips: '{{count}} ਸਫ਼ਰ ਪੂਰੇ ਕੀਤੇ',
    lateCancellations: 'ਪਿਛਲੇ 12 ਮਹੀਨਿਆਂ ਵਿੱਚ ਆਖ਼ਰੀ ਸਮੇਂ ਰੱਦ: {{count}}',
    references: 'ਰਾਵਾਂ: {{positive}} ਵਧੀਆ · {{neutral}} ਠੀਕ-ਠਾਕ · {{negative}} ਮਾੜੀਆਂ',
    memberSince: '{{month}} ਤੋਂ ਮੈਂਬਰ',
  },
  via: 'ਰਸਤੇ ਵਿੱਚ ਠਹਿਰਾਅ:',
  chatStarted: '{{name}} ਨਾਲ ਹੁਣ ਗੱਲਬਾਤ ਹੋ ਸਕਦੀ ਹੈ!',
  disclaimer: {
    title: 'ਪਹਿਲਾਂ ਇੱਕ ਬੇਨਤੀ ਬਣਾਓ',
    document: 'ਇਸ ਯਾਤਰੀ ਨਾਲ ਸੰਪਰਕ ਕਰਨ ਅਤੇ ਕਾਗ਼ਜ਼ਾਤ ਲੈ ਕੇ ਜਾਣ ਲਈ ਪਹਿਲਾਂ ਤੁਹਾਨੂੰ ਇੱਕ ਸਫ਼ਰ ਦੀ ਬੇਨਤੀ ਬਣਾਉਣੀ ਪਵੇਗੀ।',
    companion: '{{name}} ਨਾਲ ਸੰਪਰਕ ਕਰਨ ਲਈ ਪਹਿਲਾਂ ਤੁਹਾਨੂੰ ਇੱਕ ਸਫ਼ਰ ਸਾਥੀ ਬੇਨਤੀ ਬਣਾਉਣੀ ਪਵੇਗੀ।',
    thisTraveller: 'ਇਸ ਯਾਤਰੀ',
    why: 'ਅਸੀਂ ਇਹ ਕਿਉਂ ਕਹਿੰਦੇ ਹਾਂ:',
    reasons: {
      verify: {
        title: 'ਸਫ਼ਰ ਦੀ ਪੁਸ਼ਟੀ',
        detail: 'ਤੁਹਾਡੀ ਬੇਨਤੀ ਦੱਸਦੀ ਹੈ ਕਿ ਤੁਸੀਂ ਸੱਚਮੁੱਚ ਇਸੇ ਰਸਤੇ ਉੱਤੇ ਸਫ਼ਰ ਕਰ ਰਹੇ ਹੋ।',
      },
      safe: {
        title: 'ਸੁਰੱਖਿਅਤ ਮੁਲਾਕਾਤ',
        detail: 'ਮਿਲਣ ਤੋਂ ਪਹਿਲਾਂ ਦੋਵੇਂ ਯਾਤਰੀ ਇੱਕ-ਦੂਜੇ ਬਾਰੇ ਜਾਣਦੇ ਹਨ।',
      },
      matching: {
        title: 'ਵਧੀਆ ਮਿਲਾਨ',
        detail: 'ਅਸੀਂ ਤੁਹਾਡੇ ਦੋਵਾਂ ਦੀਆਂ ਉਡਾਣਾਂ, ਤਾਰੀਖ਼ਾਂ ਅਤੇ ਰਸਤੇ ਦੇ ਠਹਿਰਾਵਾਂ ਦਾ ਮਿਲਾਨ ਕਰ ਸਕਦੇ ਹਾਂ।',
      },
      record: {
        title: 'ਗੱਲਬਾਤ ਦਾ ਰਿਕਾਰਡ',
        detail: 'ਤੁਹਾਡੀ ਗੱਲਬਾਤ ਤੁਹਾਡੀ ਬੇਨਤੀ ਨਾਲ ਜੁੜੀ ਰਹਿੰਦੀ ਹੈ।',
      },
    },
    after: 'ਬੇਨਤੀ ਬਣਦੇ ਹੀ ਉਸ ਯਾਤਰੀ ਨਾਲ ਗੱਲਬਾਤ ਆਪਣੇ ਆਪ ਸ਼ੁਰੂ ਹੋ ਜਾਵੇਗੀ।',
    cancel: 'ਰੱਦ ਕਰੋ',
    continue: 'ਬੇਨਤੀ ਬਣਾਉਣ ਲਈ ਅੱਗੇ ਵਧੋ',
  },
};

export default pa;
