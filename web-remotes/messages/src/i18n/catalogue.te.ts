/** The `messages` namespace in Telugu: a chunk of its own, loaded only when the page is in Telugu. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const te: Translation<MessagesTexts> = {
  screen: {
    title: 'సందేశాలు',
    subtitle: 'మీ ప్రయాణ పరిచయస్తులతో చాట్ చేయండి',
    searchPlaceholder: 'సంభాషణలు వెతకండి...',
    noMessagesYet: 'ఇంకా సందేశాలు ఏవీ లేవు',
    startConversation: 'సంభాషణ మొదలుపెట్టండి',
    emptyTitle: 'ఇంకా సంభాషణలు ఏవీ లేవు',
    emptyText: 'మా సేవల ద్వారా ఇతరులతో పరిచయం పెంచుకోవడం మొదలుపెట్టండి',
    browseServices: 'సేవలు చూడండి',
    features: { realTime: 'వెంటనే చాట్', secure: 'సురక్షిత సందేశాలు', coordination: 'ప్రయాణ ఏర్పాట్లు' },
    loading: 'సంభాషణలు లోడ్ అవుతున్నాయి',
    list: 'సంభాషణలు',
    search: 'సంభాషణలు వెతకండి',
    unread: '{{count}} చదవనివి',
  },
  chat: {
    meeting: 'కలిసే చోటు:',
    meetingAt: '{{place}}, {{time}} ({{airport}} స్థానిక సమయం, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (మీ టైమ్ జోన్, {{zone}})',
    services: { companion: 'సహ ప్రయాణికుల సేవ', ride: 'వాహన సేవ', document: 'పత్రాల సేవ' },
    options: 'సంభాషణ ఎంపికలు',
    close: 'మూసివేయండి',
    block: 'బ్లాక్ చేయండి',
    blockHint: 'మీ ఇద్దరిలో ఎవరూ సందేశాలు పంపలేరు',
    unblock: 'అన్‌బ్లాక్ చేయండి',
    unblockHint: 'మీరిద్దరూ మళ్లీ సందేశాలు రాయవచ్చు',
    report: 'ఫిర్యాదు చేయండి',
    reportHint: 'మా సహాయ బృందానికి తెలియజేయండి',
    placeholder: 'సందేశం టైప్ చేయండి...',
    send: 'సందేశం పంపండి',
    sending: 'పంపుతున్నాము',
    read: 'చదివారు',
    messages: 'సందేశాలు',
    loadingMessages: 'సందేశాలు లోడ్ అవుతున్నాయి',
    today: 'ఈరోజు',
    yesterday: 'నిన్న',
  },
  safety: {
    title: 'భద్రతా సూచన',
    carry: 'ఇక్కడ పరిచయమైన ఎవరి కోసమూ ఎప్పుడూ ఏదీ తీసుకెళ్లకండి, అది ఎంత చిన్నదైనా సరే.',
    money: 'SafarSaathi ఎలాంటి చెల్లింపులూ చేయదు: ఎవరికీ ముందుగా డబ్బు ఇవ్వకండి, బ్యాంక్, కార్డ్ లేదా UPI వివరాలు ఎప్పుడూ పంచుకోకండి.',
    code: 'SafarSaathi నుంచి వచ్చిన ఏ కోడ్‌నూ చాట్‌లో ఎప్పుడూ పంచుకోకండి.',
    report: 'ఫిర్యాదు చేయండి',
    markedCarry:
      'SafarSaathi ఈ సందేశాన్ని గుర్తించింది: ఇందులో ఎవరినైనా ఏదైనా తీసుకెళ్లమని లేదా ఉంచమని అడిగారు. చదివేవారికి దీని కింద భద్రతా సూచన కనిపిస్తుంది.',
    markedMoney:
      'SafarSaathi ఈ సందేశాన్ని గుర్తించింది: ఇందులో డబ్బు లేదా చెల్లింపు వివరాలు అడిగారు. చదివేవారికి దీని కింద భద్రతా సూచన కనిపిస్తుంది.',
    markedCode: 'SafarSaathi ఈ సందేశాన్ని గుర్తించింది: ఇందులో ఒక కోడ్ అడిగారు. చదివేవారికి దీని కింద భద్రతా సూచన కనిపిస్తుంది.',
    reportDetails: 'ఈ సందేశంలో నన్ను ఏదైనా తీసుకెళ్లమని, డబ్బు చెల్లించమని లేదా కోడ్ చెప్పమని అడిగారు.',
    includeThis: 'ఈ సందేశాన్ని ఫిర్యాదుతో పంపండి',
  },
  report: {
    sentTitle: 'ఫిర్యాదు మాకు అందింది',
    caseId: 'కేసు ఐడీ:',
    done: 'సరే',
    title: 'సంభాషణపై ఫిర్యాదు చేయండి',
    intro: '{{name}} గారితో మీ సంభాషణలో ఏం జరిగిందో మా సహాయ బృందానికి చెప్పండి.',
    label: 'ఏం జరిగింది?',
    minimum: `కనీసం ${LIMITS.supportDetailsMin} అక్షరాలు ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'కారణం',
    reasons: {
      harassment: 'వేధింపులు',
      scam: 'మోసం',
      inappropriate: 'అనుచితమైన విషయాలు',
      safety: 'భద్రత గురించి ఆందోళన',
      other: 'ఇంకేదైనా',
    },
    attach: 'ఈ సంభాషణలోని చివరి సందేశాలను కూడా పంపండి',
    attachCount: 'ఎన్ని సందేశాలు',
    consent:
      'చాట్‌లు గోప్యంగా ఉంటాయి: సంభాషణలో పాల్గొన్నవారు ఎవరైనా ఇలా అందులో కొంత భాగాన్ని పంపితే తప్ప, SafarSaathiలో ఎవరూ ఏ సంభాషణనూ చదవరు. మీరు ఎంచుకున్న సందేశాలు మాత్రమే మీ ఫిర్యాదుతో పాటు వెళ్తాయి.',
    cancel: 'రద్దు చేయండి',
    send: 'ఫిర్యాదు పంపండి',
  },
};

export default te;
