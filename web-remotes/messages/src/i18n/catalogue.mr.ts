/** The `messages` namespace in Marathi: a chunk of its own, loaded only when the page is in Marathi. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const mr: Translation<MessagesTexts> = {
  screen: {
    title: 'संदेश',
    subtitle: 'प्रवासात जोडलेल्या लोकांशी चॅट करा',
    searchPlaceholder: 'संभाषणे शोधा...',
    noMessagesYet: 'अजून कोणताही संदेश नाही',
    startConversation: 'संभाषण सुरू करा',
    emptyTitle: 'अजून कोणतेही संभाषण नाही',
    emptyText: 'आमच्या सेवांमधून लोकांशी जोडले जायला सुरुवात करा',
    browseServices: 'सेवा पाहा',
    features: { realTime: 'लगेच चॅट', secure: 'सुरक्षित संदेश', coordination: 'प्रवासाचे नियोजन' },
    loading: 'संभाषणे लोड होत आहेत',
    list: 'संभाषणे',
    search: 'संभाषणे शोधा',
    unread: '{{count}} न वाचलेले',
  },
  chat: {
    meeting: 'भेटण्याचे ठिकाण:',
    meetingAt: '{{place}}, {{time}} ({{airport}} येथील स्थानिक वेळ, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (आपला टाइम झोन, {{zone}})',
    services: { companion: 'सहप्रवासी सेवा', ride: 'वाहन सेवा', document: 'कागदपत्र सेवा' },
    options: 'संभाषणाचे पर्याय',
    close: 'बंद करा',
    block: 'ब्लॉक करा',
    blockHint: 'दोघांपैकी कोणालाही संदेश पाठवता येणार नाही',
    unblock: 'अनब्लॉक करा',
    unblockHint: 'दोघांनाही पुन्हा लिहिता येईल',
    report: 'तक्रार करा',
    reportHint: 'आमच्या सहाय्य टीमला सांगा',
    placeholder: 'संदेश लिहा...',
    send: 'संदेश पाठवा',
    sending: 'पाठवत आहोत',
    read: 'वाचला',
    messages: 'संदेश',
    loadingMessages: 'संदेश लोड होत आहेत',
    today: 'आज',
    yesterday: 'काल',
  },
  safety: {
    title: 'सुरक्षेचा सल्ला',
    carry: 'इथे भेटलेल्या कोणासाठीही कधीही काहीही नेऊ नका, ते कितीही लहान असले तरी.',
    money:
      'SafarSaathi कोणतेही पैसे हाताळत नाही: कोणालाही आगाऊ पैसे देऊ नका, आणि बँक, कार्ड किंवा UPI तपशील कधीही देऊ नका.',
    code: 'SafarSaathi चा कोणताही कोड चॅटमध्ये कधीही सांगू नका.',
    report: 'तक्रार करा',
    markedCarry:
      'SafarSaathi ने या संदेशावर खूण केली आहे: त्यात कोणाला तरी काहीतरी नेण्यास किंवा ठेवण्यास सांगितले आहे. वाचणाऱ्याला त्याखाली सुरक्षेचा सल्ला दिसतो.',
    markedMoney:
      'SafarSaathi ने या संदेशावर खूण केली आहे: त्यात पैसे किंवा पेमेंटचे तपशील मागितले आहेत. वाचणाऱ्याला त्याखाली सुरक्षेचा सल्ला दिसतो.',
    markedCode:
      'SafarSaathi ने या संदेशावर खूण केली आहे: त्यात कोड मागितला आहे. वाचणाऱ्याला त्याखाली सुरक्षेचा सल्ला दिसतो.',
    reportDetails: 'या संदेशात मला काहीतरी नेण्यास, पैसे देण्यास किंवा कोड सांगण्यास सांगितले.',
    includeThis: 'हा संदेश तक्रारीसोबत पाठवा',
  },
  report: {
    sentTitle: 'तक्रार पाठवली',
    caseId: 'केस नंबर:',
    done: 'ठीक आहे',
    title: 'संभाषणाची तक्रार करा',
    intro: '{{name}} यांच्याशी झालेल्या आपल्या संभाषणात काय घडले ते आमच्या सहाय्य टीमला सांगा.',
    label: 'काय घडले?',
    minimum: `किमान ${LIMITS.supportDetailsMin} अक्षरे ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'कारण',
    reasons: {
      harassment: 'छळ',
      scam: 'फसवणूक',
      inappropriate: 'अयोग्य मजकूर',
      safety: 'सुरक्षिततेची काळजी',
      other: 'दुसरे काही',
    },
    attach: 'या संभाषणातील शेवटचे संदेश सोबत जोडा',
    attachCount: 'किती संदेश',
    consent:
      'चॅट खासगी राहतात: संभाषणातील एखाद्या व्यक्तीने त्यातील काही भाग अशा प्रकारे पाठवल्याशिवाय SafarSaathi मधील कोणीही ते संभाषण वाचत नाही. आपण जोडण्यासाठी निवडलेले संदेशच फक्त आपल्या तक्रारीसोबत जातात.',
    cancel: 'रद्द करा',
    send: 'तक्रार पाठवा',
  },
};

export default mr;
