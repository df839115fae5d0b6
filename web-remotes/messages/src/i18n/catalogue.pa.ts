/** The `messages` namespace in Punjabi (Gurmukhi): a chunk of its own, loaded only when the page is in Punjabi. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const pa: Translation<MessagesTexts> = {
  screen: {
    title: 'ਸੁਨੇਹੇ',
    subtitle: 'ਆਪਣੇ ਸਫ਼ਰ ਦੇ ਸਾਥੀਆਂ ਨਾਲ ਗੱਲ ਕਰੋ',
    searchPlaceholder: 'ਗੱਲਬਾਤ ਲੱਭੋ...',
    noMessagesYet: 'ਅਜੇ ਕੋਈ ਸੁਨੇਹਾ ਨਹੀਂ',
    startConversation: 'ਗੱਲਬਾਤ ਸ਼ੁਰੂ ਕਰੋ',
    emptyTitle: 'ਅਜੇ ਕੋਈ ਗੱਲਬਾਤ ਨਹੀਂ ਹੈ',
    emptyText: 'ਸਾਡੀਆਂ ਸੇਵਾਵਾਂ ਰਾਹੀਂ ਲੋਕਾਂ ਨਾਲ ਜੁੜਨਾ ਸ਼ੁਰੂ ਕਰੋ',
    browseServices: 'ਸੇਵਾਵਾਂ ਦੇਖੋ',
    features: { realTime: 'ਉਸੇ ਵੇਲੇ ਗੱਲਬਾਤ', secure: 'ਸੁਰੱਖਿਅਤ ਸੁਨੇਹੇ', coordination: 'ਸਫ਼ਰ ਦੀ ਤਿਆਰੀ ਮਿਲ ਕੇ' },
    loading: 'ਗੱਲਬਾਤਾਂ ਲੋਡ ਹੋ ਰਹੀਆਂ ਹਨ',
    list: 'ਗੱਲਬਾਤਾਂ',
    search: 'ਗੱਲਬਾਤ ਲੱਭੋ',
    unread: '{{count}} ਨਵੇਂ',
  },
  chat: {
    meeting: 'ਮਿਲਣ ਦੀ ਥਾਂ:',
    meetingAt: '{{place}}, {{time}} ({{airport}} ਦਾ ਸਥਾਨਕ ਸਮਾਂ, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (ਤੁਹਾਡਾ ਸਮਾਂ ਖੇਤਰ, {{zone}})',
    services: { companion: 'ਸਫ਼ਰ ਸਾਥੀ ਸੇਵਾ', ride: 'ਸਵਾਰੀ ਸੇਵਾ', document: 'ਕਾਗ਼ਜ਼ਾਤ ਸੇਵਾ' },
    options: 'ਗੱਲਬਾਤ ਦੇ ਵਿਕਲਪ',
    close: 'ਬੰਦ ਕਰੋ',
    block: 'ਬਲੌਕ ਕਰੋ',
    blockHint: 'ਤੁਹਾਡੇ ਦੋਵਾਂ ਵਿੱਚੋਂ ਕੋਈ ਵੀ ਸੁਨੇਹਾ ਨਹੀਂ ਭੇਜ ਸਕੇਗਾ',
    unblock: 'ਬਲੌਕ ਹਟਾਓ',
    unblockHint: 'ਤੁਸੀਂ ਦੋਵੇਂ ਫਿਰ ਤੋਂ ਲਿਖ ਸਕੋਗੇ',
    report: 'ਸ਼ਿਕਾਇਤ ਕਰੋ',
    reportHint: 'ਸਾਡੀ ਸਹਾਇਤਾ ਟੀਮ ਨੂੰ ਦੱਸੋ',
    placeholder: 'ਸੁਨੇਹਾ ਲਿਖੋ...',
    send: 'ਸੁਨੇਹਾ ਭੇਜੋ',
    sending: 'ਭੇਜਿਆ ਜਾ ਰਿਹਾ ਹੈ',
    read: 'ਪੜ੍ਹ ਲਿਆ ਗਿਆ',
    messages: 'ਸੁਨੇਹੇ',
    loadingMessages: 'ਸੁਨੇਹੇ ਲੋਡ ਹੋ ਰਹੇ ਹਨ',
    today: 'ਅੱਜ',
    yesterday: 'ਕੱਲ੍ਹ',
  },
  safety: {
    title: 'ਸੁਰੱਖਿਆ ਸਲਾਹ',
    carry: 'ਇੱਥੇ ਮਿਲੇ ਕਿਸੇ ਲਈ ਵੀ ਕਦੇ ਕੁਝ ਨਾ ਲੈ ਕੇ ਜਾਓ, ਭਾਵੇਂ ਉਹ ਕਿੰਨਾ ਵੀ ਛੋਟਾ ਹੋਵੇ।',
    money: 'SafarSaathi ਕੋਈ ਭੁਗਤਾਨ ਨਹੀਂ ਲੈਂਦਾ: ਕਿਸੇ ਨੂੰ ਪਹਿਲਾਂ ਪੈਸੇ ਨਾ ਦਿਓ, ਅਤੇ ਬੈਂਕ, ਕਾਰਡ ਜਾਂ UPI ਦੀ ਜਾਣਕਾਰੀ ਕਦੇ ਨਾ ਦਿਓ।',
    code: 'SafarSaathi ਦਾ ਕੋਈ ਵੀ ਕੋਡ ਕਦੇ ਚੈਟ ਵਿੱਚ ਨਾ ਦੱਸੋ।',
    report: 'ਸ਼ਿਕਾਇਤ ਕਰੋ',
    markedCarry:
      'SafarSaathi ਨੇ ਇਸ ਸੁਨੇਹੇ ਉੱਤੇ ਨਿਸ਼ਾਨ ਲਾਇਆ ਹੈ: ਇਸ ਵਿੱਚ ਕਿਸੇ ਨੂੰ ਕੁਝ ਲੈ ਕੇ ਜਾਣ ਜਾਂ ਰੱਖਣ ਲਈ ਕਿਹਾ ਗਿਆ ਹੈ। ਪੜ੍ਹਨ ਵਾਲੇ ਨੂੰ ਇਸ ਦੇ ਹੇਠਾਂ ਸੁਰੱਖਿਆ ਸਲਾਹ ਦਿਖਦੀ ਹੈ।',
    markedMoney:
      'SafarSaathi ਨੇ ਇਸ ਸੁਨੇਹੇ ਉੱਤੇ ਨਿਸ਼ਾਨ ਲਾਇਆ ਹੈ: ਇਸ ਵਿੱਚ ਪੈਸੇ ਜਾਂ ਭੁਗਤਾਨ ਦੀ ਜਾਣਕਾਰੀ ਮੰਗੀ ਗਈ ਹੈ। ਪੜ੍ਹਨ ਵਾਲੇ ਨੂੰ ਇਸ ਦੇ ਹੇਠਾਂ ਸੁਰੱਖਿਆ ਸਲਾਹ ਦਿਖਦੀ ਹੈ।',
    markedCode:
      'SafarSaathi ਨੇ ਇਸ ਸੁਨੇਹੇ ਉੱਤੇ ਨਿਸ਼ਾਨ ਲਾਇਆ ਹੈ: ਇਸ ਵਿੱਚ ਕੋਡ ਮੰਗਿਆ ਗਿਆ ਹੈ। ਪੜ੍ਹਨ ਵਾਲੇ ਨੂੰ ਇਸ ਦੇ ਹੇਠਾਂ ਸੁਰੱਖਿਆ ਸਲਾਹ ਦਿਖਦੀ ਹੈ।',
    reportDetails: 'ਇਸ ਸੁਨੇਹੇ ਵਿੱਚ ਮੈਨੂੰ ਕੁਝ ਲੈ ਕੇ ਜਾਣ, ਪੈਸੇ ਦੇਣ ਜਾਂ ਕੋਡ ਦੱਸਣ ਲਈ ਕਿਹਾ ਗਿਆ।',
    includeThis: 'ਇਹ ਸੁਨੇਹਾ ਸ਼ਿਕਾਇਤ ਨਾਲ ਭੇਜੋ',
  },
  report: {
    sentTitle: 'ਸ਼ਿਕਾਇਤ ਭੇਜ ਦਿੱਤੀ ਗਈ',
    caseId: 'ਮਾਮਲਾ ਨੰਬਰ:',
    done: 'ਠੀਕ ਹੈ',
    title: 'ਗੱਲਬਾਤ ਬਾਰੇ ਸ਼ਿਕਾਇਤ ਕਰੋ',
    intro: '{{name}} ਨਾਲ ਤੁਹਾਡੀ ਗੱਲਬਾਤ ਵਿੱਚ ਕੀ ਹੋਇਆ, ਇਹ ਸਾਡੀ ਸਹਾਇਤਾ ਟੀਮ ਨੂੰ ਦੱਸੋ।',
    label: 'ਕੀ ਹੋਇਆ?',
    minimum: `ਘੱਟੋ-ਘੱਟ ${LIMITS.supportDetailsMin} ਅੱਖਰ ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'ਕਾਰਨ',
    reasons: {
      harassment: 'ਤੰਗ-ਪਰੇਸ਼ਾਨ ਕਰਨਾ',
      scam: 'ਠੱਗੀ ਜਾਂ ਧੋਖਾ',
      inappropriate: 'ਨਾ-ਮੁਨਾਸਬ ਗੱਲਾਂ',
      safety: 'ਸੁਰੱਖਿਆ ਦੀ ਚਿੰਤਾ',
      other: 'ਕੁਝ ਹੋਰ',
    },
    attach: 'ਇਸ ਗੱਲਬਾਤ ਦੇ ਆਖ਼ਰੀ ਸੁਨੇਹੇ ਨਾਲ ਭੇਜੋ',
    attachCount: 'ਕਿੰਨੇ ਸੁਨੇਹੇ',
    consent:
      'ਗੱਲਬਾਤ ਨਿੱਜੀ ਰਹਿੰਦੀ ਹੈ: SafarSaathi ਵਿੱਚ ਕੋਈ ਵੀ ਕਿਸੇ ਗੱਲਬਾਤ ਨੂੰ ਉਦੋਂ ਤੱਕ ਨਹੀਂ ਪੜ੍ਹਦਾ ਜਦੋਂ ਤੱਕ ਗੱਲਬਾਤ ਵਿੱਚ ਸ਼ਾਮਲ ਕੋਈ ਵਿਅਕਤੀ ਇਸ ਤਰ੍ਹਾਂ ਉਸ ਦਾ ਹਿੱਸਾ ਨਾ ਭੇਜੇ। ਤੁਹਾਡੀ ਸ਼ਿਕਾਇਤ ਨਾਲ ਸਿਰਫ਼ ਉਹੀ ਸੁਨੇਹੇ ਜਾਂਦੇ ਹਨ ਜੋ ਤੁਸੀਂ ਨਾਲ ਭੇਜਣ ਲਈ ਚੁਣਦੇ ਹੋ।',
    cancel: 'ਰੱਦ ਕਰੋ',
    send: 'ਸ਼ਿਕਾਇਤ ਭੇਜੋ',
  },
};

export default pa;
