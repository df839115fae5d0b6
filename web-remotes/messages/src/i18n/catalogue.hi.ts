/** The `messages` namespace in Hindi: a chunk of its own, loaded only when the page is in Hindi. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const hi: Translation<MessagesTexts> = {
  screen: {
    title: 'संदेश',
    subtitle: 'अपने यात्रा-साथियों से बात करें',
    searchPlaceholder: 'बातचीत खोजें...',
    noMessagesYet: 'अभी कोई संदेश नहीं',
    startConversation: 'बातचीत शुरू करें',
    emptyTitle: 'अभी कोई बातचीत नहीं है',
    emptyText: 'हमारी सेवाओं के ज़रिए लोगों से जुड़ना शुरू करें',
    browseServices: 'सेवाएँ देखें',
    features: { realTime: 'तुरंत बातचीत', secure: 'सुरक्षित संदेश', coordination: 'यात्रा की तैयारी' },
    loading: 'बातचीत लोड हो रही है',
    list: 'बातचीत',
    search: 'बातचीत खोजें',
    unread: '{{count}} बिना पढ़े',
  },
  chat: {
    meeting: 'मिलने की जगह:',
    meetingAt: '{{place}}, {{time}} ({{airport}} का स्थानीय समय, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (आपका समय क्षेत्र, {{zone}})',
    services: { companion: 'सहयात्री सेवा', ride: 'सवारी सेवा', document: 'दस्तावेज़ सेवा' },
    options: 'बातचीत के विकल्प',
    close: 'बंद करें',
    block: 'रोकें',
    blockHint: 'आप दोनों में से कोई संदेश नहीं भेज पाएगा',
    unblock: 'फिर से शुरू करें',
    unblockHint: 'आप दोनों फिर से लिख पाएँगे',
    report: 'शिकायत करें',
    reportHint: 'हमारी सहायता टीम को बताएँ',
    placeholder: 'संदेश लिखें...',
    send: 'संदेश भेजें',
    sending: 'भेजा जा रहा है',
    read: 'पढ़ लिया गया',
    messages: 'संदेश',
    loadingMessages: 'संदेश लोड हो रहे हैं',
    today: 'आज',
    yesterday: 'कल',
  },
  safety: {
    title: 'सुरक्षा सलाह',
    carry: 'यहाँ मिले किसी के लिए भी कभी कुछ न ले जाएँ, चाहे वह कितना भी छोटा हो।',
    money: 'SafarSaathi कोई भुगतान नहीं लेता: किसी को पहले से पैसे न दें, और बैंक, कार्ड या UPI की जानकारी कभी न दें।',
    code: 'SafarSaathi का कोई भी कोड चैट में कभी न बताएँ।',
    report: 'शिकायत करें',
    markedCarry:
      'SafarSaathi ने इस संदेश पर निशान लगाया है: इसमें किसी से कुछ ले जाने या रखने को कहा गया है। पढ़ने वाले को इसके नीचे सुरक्षा सलाह दिखती है।',
    markedMoney:
      'SafarSaathi ने इस संदेश पर निशान लगाया है: इसमें पैसे या भुगतान की जानकारी माँगी गई है। पढ़ने वाले को इसके नीचे सुरक्षा सलाह दिखती है।',
    markedCode:
      'SafarSaathi ने इस संदेश पर निशान लगाया है: इसमें कोई कोड माँगा गया है। पढ़ने वाले को इसके नीचे सुरक्षा सलाह दिखती है।',
    reportDetails: 'इस संदेश में मुझसे कुछ ले जाने, पैसे देने या कोड बताने को कहा गया।',
    includeThis: 'यह संदेश शिकायत के साथ भेजें',
  },
  report: {
    sentTitle: 'शिकायत भेज दी गई',
    caseId: 'केस आईडी:',
    done: 'ठीक है',
    title: 'बातचीत की शिकायत करें',
    intro: '{{name}} के साथ आपकी बातचीत में क्या हुआ, यह हमारी सहायता टीम को बताएँ।',
    label: 'क्या हुआ?',
    minimum: `कम से कम ${LIMITS.supportDetailsMin} अक्षर ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'कारण',
    reasons: {
      harassment: 'उत्पीड़न',
      scam: 'धोखाधड़ी',
      inappropriate: 'अनुचित सामग्री',
      safety: 'सुरक्षा की चिंता',
      other: 'कुछ और',
    },
    attach: 'इस बातचीत के आख़िरी संदेश साथ भेजें',
    attachCount: 'कितने संदेश',
    consent:
      'बातचीत निजी रहती है: SafarSaathi में कोई भी किसी बातचीत को तब तक नहीं पढ़ता जब तक कोई भागीदार उसका हिस्सा इस तरह न भेजे। आपकी शिकायत के साथ केवल वही संदेश जाते हैं जिन्हें आप जोड़ना चुनते हैं।',
    cancel: 'रद्द करें',
    send: 'शिकायत भेजें',
  },
};

export default hi;
