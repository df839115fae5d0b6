/** The `messages` namespace in Tamil: a chunk of its own, loaded only when the page is in Tamil. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const ta: Translation<MessagesTexts> = {
  screen: {
    title: 'செய்திகள்',
    subtitle: 'உங்கள் பயணத் தொடர்புகளுடன் உரையாடுங்கள்',
    searchPlaceholder: 'உரையாடல்களைத் தேடவும்...',
    noMessagesYet: 'இன்னும் செய்திகள் இல்லை',
    startConversation: 'உரையாடலைத் தொடங்கவும்',
    emptyTitle: 'இன்னும் உரையாடல்கள் இல்லை',
    emptyText: 'எங்கள் சேவைகள் மூலம் மற்றவர்களுடன் இணையத் தொடங்குங்கள்',
    browseServices: 'சேவைகளைப் பார்க்கவும்',
    features: { realTime: 'உடனடி உரையாடல்', secure: 'பாதுகாப்பான செய்திகள்', coordination: 'பயண ஏற்பாடு' },
    loading: 'உரையாடல்கள் ஏற்றப்படுகின்றன',
    list: 'உரையாடல்கள்',
    search: 'உரையாடல்களைத் தேடவும்',
    unread: 'படிக்காதவை: {{count}}',
  },
  chat: {
    meeting: 'சந்திக்கும் இடம்:',
    meetingAt: '{{place}}, {{time}} ({{airport}} உள்ளூர் நேரம், {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (உங்கள் நேர மண்டலம், {{zone}})',
    services: { companion: 'பயணத் துணை சேவை', ride: 'வாகனச் சேவை', document: 'ஆவணச் சேவை' },
    options: 'உரையாடல் விருப்பங்கள்',
    close: 'மூடவும்',
    block: 'தடுக்கவும்',
    blockHint: 'உங்கள் இருவராலும் செய்தி அனுப்ப முடியாது',
    unblock: 'தடையை நீக்கவும்',
    unblockHint: 'நீங்கள் இருவரும் மீண்டும் எழுதலாம்',
    report: 'புகார் செய்யவும்',
    reportHint: 'எங்கள் உதவிக் குழுவிடம் தெரிவிக்கவும்',
    placeholder: 'செய்தியை எழுதவும்...',
    send: 'செய்தியை அனுப்பவும்',
    sending: 'அனுப்பப்படுகிறது',
    read: 'படிக்கப்பட்டது',
    messages: 'செய்திகள்',
    loadingMessages: 'செய்திகள் ஏற்றப்படுகின்றன',
    today: 'இன்று',
    yesterday: 'நேற்று',
  },
  report: {
    sentTitle: 'புகார் அனுப்பப்பட்டது',
    caseId: 'மனு எண்:',
    done: 'சரி',
    title: 'உரையாடல் பற்றிப் புகார் செய்யவும்',
    intro: '{{name}} அவர்களுடனான உங்கள் உரையாடலில் என்ன நடந்தது என்பதை எங்கள் உதவிக் குழுவிடம் சொல்லுங்கள்.',
    label: 'என்ன நடந்தது?',
    minimum: `குறைந்தது ${LIMITS.supportDetailsMin} எழுத்துகள் ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'காரணம்',
    reasons: {
      harassment: 'துன்புறுத்தல்',
      scam: 'மோசடி',
      inappropriate: 'தகாத உள்ளடக்கம்',
      safety: 'பாதுகாப்புக் கவலை',
      other: 'வேறு ஏதாவது',
    },
    attach: 'இந்த உரையாடலின் கடைசிச் செய்திகளைச் சேர்க்கவும்',
    attachCount: 'எத்தனை செய்திகள்',
    consent:
      'உரையாடல்கள் தனிப்பட்டவை: உரையாடலில் இருக்கும் ஒருவர் இப்படி அதன் ஒரு பகுதியை அனுப்பினால் தவிர, SafarSaathi குழுவில் யாரும் எந்த உரையாடலையும் படிப்பதில்லை. நீங்கள் சேர்க்கத் தேர்ந்தெடுக்கும் செய்திகள் மட்டுமே உங்கள் புகாருடன் செல்லும்.',
    cancel: 'ரத்து செய்யவும்',
    send: 'புகாரை அனுப்பவும்',
  },
};

export default ta;
