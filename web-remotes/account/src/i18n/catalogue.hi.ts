/** The `account` namespace in Hindi: a chunk of its own, loaded only when the page is in Hindi. */
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { AccountTexts } from './catalogue';

const hi: Translation<AccountTexts> = {
  quickActions: 'जल्दी शुरू करें',
  companionTitle: 'सहयात्री सेवा',
  companionSubtitle: 'बुज़ुर्ग या अकेले यात्रा करने वालों के लिए सहयात्री खोजें',
  travelPlansTitle: 'यात्रा योजनाएँ',
  travelPlansSubtitle: 'अपनी उड़ानें एक जगह रखें और बताएँ कि आपको मदद चाहिए या आप मदद कर सकते हैं',
  notifications: 'सूचनाएँ',
  markAllRead: 'सब पढ़ा हुआ मानें',
  noNotifications: 'अभी कोई सूचना नहीं है',
  helpButton: 'मदद और सहायता',
  createCaseTitle: 'मामला दर्ज करें',
  caseSubmittedTitle: 'मामला भेज दिया गया',
  deleteProfile: 'प्रोफ़ाइल हटाएँ',
  deleteConfirmTitle: 'क्या आप अपनी प्रोफ़ाइल हटाना चाहते हैं?',
  deleteConfirmText:
    'क्या आप सच में अपनी प्रोफ़ाइल हटाना चाहते हैं? आपके सक्रिय अनुरोध निष्क्रिय हो जाएँगे। यह बदलाव वापस नहीं किया जा सकता।',
  welcome: {
    title: 'नमस्ते, {{name}}',
    subtitle: 'आपकी अगली यात्रा कहाँ की है?',
  },
  quickActionChips: { gateToGate: 'गेट से गेट तक मदद', language: 'भाषा में मदद' },
  searchSection: 'यात्री खोजें',
  menu: { tooltip: 'खाता', label: 'खाता मेन्यू', profile: 'प्रोफ़ाइल', logout: 'लॉग आउट करें' },
  bell: { unread: '{{name}}, {{unread}} बिना पढ़ी', loading: 'सूचनाएँ लोड हो रही हैं', unreadMark: 'बिना पढ़ी' },
  tour: {
    progress: 'चरण {{step}} / {{total}}',
    skip: 'टूर छोड़ें',
    previous: 'पिछला',
    next: 'अगला',
    done: 'शुरू करें',
    steps: {
      welcome: {
        title: `${PRODUCT_NAME} में आपका स्वागत है!`,
        body: 'आइए, हम आपको आपका डैशबोर्ड दिखाते हैं। इसमें एक मिनट से भी कम समय लगेगा।',
      },
      'service-cards': {
        title: 'जल्दी शुरू करें',
        body: 'हर सेवा यहीं से शुरू होती है। मदद माँगने या मदद देने के लिए कोई कार्ड चुनें।',
      },
      'companion-card': {
        title: 'सहयात्री सेवा',
        body: 'बुज़ुर्ग या अकेले यात्रा करने वाले के लिए सहयात्री खोजें, या गेट से गेट तक मदद और भाषा में मदद की पेशकश करें।',
      },
      'search-section': {
        title: 'यात्री खोजें',
        body: 'हवाई अड्डे और यात्रा की तारीख़ों से अनुरोध और पेशकशें खोजें, फिर किसी यात्री से संपर्क करें।',
      },
      sidebar: { title: 'नेविगेशन', body: 'होम, सहयात्री और संदेश के बीच आएँ-जाएँ। नए संदेशों पर एक निशान दिखता है।' },
      notifications: {
        title: 'सूचनाएँ',
        body: 'घंटी में मिले सहयात्रियों और आपके अनुरोधों से जुड़ी ख़बरें दिखती हैं। पढ़ने के लिए इसे खोलें।',
      },
      menu: { title: 'आपका खाता', body: 'इस मेन्यू से अपनी प्रोफ़ाइल खोलें या लॉग आउट करें।' },
      'help-button': {
        title: 'मदद चाहिए?',
        body: 'कहीं अटक गए या कोई सवाल है? यहाँ सहायता का मामला दर्ज करें, हम 24-48 घंटों में जवाब देंगे।',
      },
      complete: {
        title: 'सब तैयार है!',
        body: `अब आप अपना सहयात्री खोजने के लिए तैयार हैं। ${PRODUCT_NAME} के साथ आपकी यात्रा मंगलमय हो!`,
      },
    },
  },
  forms: {
    profileTitle: 'मेरी प्रोफ़ाइल',
    fullName: 'पूरा नाम',
    phoneNumber: 'फ़ोन नंबर',
    emailAddress: 'ई-मेल पता',
    readOnly: 'आपका नाम, फ़ोन नंबर और ई-मेल पता बदला नहीं जा सकता।',
    deleteHint:
      'प्रोफ़ाइल हटाने से आप हर जगह से साइन आउट हो जाएँगे और आपके सक्रिय अनुरोध निष्क्रिय हो जाएँगे। यह बदलाव वापस नहीं किया जा सकता।',
    openProfilePage: 'प्रोफ़ाइल पेज खोलें',
    close: 'बंद करें',
    cancel: 'रद्द करें',
    confirmDelete: 'हाँ, हटाएँ',
    caseId: 'आपके मामले की आईडी:',
    done: 'ठीक है',
    issueType: 'समस्या का प्रकार',
    details: 'विवरण',
    submitCase: 'मामला भेजें',
    caseIntro: 'हमें बताएँ कि क्या गड़बड़ हुई या आपको क्या चाहिए। हम 24-48 घंटों के भीतर आपको उत्तर देंगे।',
    detailsHint: 'कम से कम {{min}} अक्षर ({{count}}/{{min}})',
    issueTypes: {
      'Account Issues': 'खाते से जुड़ी समस्या',
      'Feature Requests': 'नई सुविधा का सुझाव',
      'General Inquiry': 'सामान्य जानकारी',
      'Service Complaints': 'सेवा से जुड़ी शिकायत',
      'Technical Support': 'तकनीकी सहायता',
      Other: 'अन्य',
    },
  },
  sessions: {
    loading: 'सत्र लोड हो रहे हैं',
    signedIn: 'साइन इन:',
    othersEnded_one: '{{count}} दूसरे सत्र से साइन आउट कर दिया गया।',
    othersEnded_other: '{{count}} दूसरे सत्रों से साइन आउट कर दिया गया।',
  },
  profile: {
    title: 'मेरी प्रोफ़ाइल',
    loading: 'आपकी प्रोफ़ाइल लोड हो रही है',
    phone: 'फ़ोन नंबर',
    memberSince: 'सदस्य कब से',
    helpPreference: 'मदद की पसंद',
    helpPreferences: {
      need_help: 'मुझे मदद चाहिए',
      want_to_help: 'मैं मदद करना चाहता/चाहती हूँ',
    },
    language: 'भाषा',
    languageHint: 'ऐप और हमारे भेजे गए ई-मेल इसी भाषा में होंगे।',
  },
  push: {
    title: 'इस डिवाइस पर सूचनाएँ',
    intro:
      'कुछ होने पर इस फ़ोन या कंप्यूटर पर सूचना पाएँ, तब भी जब SafarSaathi खुला न हो। सूचना बताती है कि क्या हुआ, कभी नहीं कि किसी ने क्या लिखा।',
    turnOn: 'सूचनाएँ चालू करें',
    turnOff: 'इस डिवाइस पर बंद करें',
    on: 'इस डिवाइस पर सूचनाएँ चालू हैं।',
    turnedOn: 'इस डिवाइस पर सूचनाएँ चालू हैं।',
    turnedOff: 'इस डिवाइस पर सूचनाएँ बंद हैं।',
    unsupported: 'यह ब्राउज़र SafarSaathi की सूचनाएँ नहीं दिखा सकता।',
    notReady:
      'इस डिवाइस पर सूचनाएँ तब मिलेंगी जब ऐप इस पर इंस्टॉल किया जा सकेगा (जल्द ही)। कौन-सी सूचनाएँ चाहिए, यह आप अभी चुन सकते हैं।',
    blocked: 'इस ब्राउज़र में SafarSaathi की सूचनाएँ रोकी गई हैं। साइट की सेटिंग में इन्हें अनुमति दें, फिर कोशिश करें।',
    failed: 'सूचनाएँ चालू नहीं हो सकीं। कृपया फिर से कोशिश करें।',
    kinds: 'मुझे किन बातों की सूचना दें',
    match: 'सहयात्री: सहयात्री मिलना, या सहयात्री में बदलाव',
    message: 'चैट संदेश जो मैंने एक मिनट में नहीं देखे',
    trip: 'यात्रा का दिन: मिलने की जगह, यात्रा के चरण, उड़ान में बदलाव और याद-दहानी',
    saved: 'सूचनाओं की पसंद सहेज ली गई।',
    saveFailed: 'सूचनाओं की पसंद सहेजी नहीं जा सकी। कृपया फिर से कोशिश करें।',
    loadFailed: 'सूचनाओं की पसंद लोड नहीं हो सकी।',
  },
};

export default hi;
