/** The `search` namespace in Hindi: a chunk of its own, loaded only when the page is in Hindi. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const hi: Translation<SearchTexts> = {
  title: 'यात्री और अनुरोध खोजें',
  serviceLabel: 'सेवा का प्रकार',
  fromLabel: 'प्रस्थान हवाई अड्डा',
  toLabel: 'गंतव्य हवाई अड्डा',
  fromDateLabel: 'तारीख़ से',
  toDateLabel: 'तारीख़ तक',
  search: 'खोजें',
  speaks: 'बोलते हैं',
  anyLanguage: 'कोई भी भाषा',
  contact: 'संपर्क करें',
  connecting: 'जोड़ा जा रहा है...',
  submittedBy: 'भेजने वाले',
  submitted: 'भेजा गया',
  traveler: 'यात्री',
  freeService: 'निःशुल्क सेवा',
  ticketsBooked: 'टिकट बुक है',
  ticketsNotBooked: 'टिकट बुक नहीं है',
  contactFailed: 'संपर्क शुरू नहीं हो सका। कृपया फिर से कोशिश करें।',
  services: { companion: 'सहयात्री सेवा', ride: 'सवारी सेवा', document: 'दस्तावेज़ सेवा' },
  filters: 'यात्री खोज के फ़िल्टर',
  searching: 'खोज हो रही है',
  found: '{{count}} यात्री मिले',
  foundFrom: '{{airport}} से {{count}} यात्री मिले',
  badges: {
    seeking: 'सहयात्री चाहिए',
    free: 'निःशुल्क सहयात्री',
    paid: 'सशुल्क सहयात्री',
    provideRide: 'सवारी दे सकते हैं',
    needRide: 'सवारी चाहिए',
    document: 'दस्तावेज़',
  },
  genders: { male: 'पुरुष', female: 'महिला', other: 'अन्य' },
  age: '{{age}} वर्ष',
  trust: {
    trips: 'पूरी की गई यात्राएँ: {{count}}',
    lateCancellations: 'पिछले 12 महीनों में आख़िरी समय पर रद्द: {{count}}',
    references: '{{positive}} अच्छी · {{neutral}} ठीक-ठाक · {{negative}} ख़राब',
    memberSince: '{{month}} से सदस्य',
  },
  via: 'होकर:',
  chatStarted: '{{name}} के साथ बातचीत अब शुरू हो सकती है!',
  disclaimer: {
    title: 'पहले एक अनुरोध बनाएँ',
    document: 'इस यात्री से संपर्क करने और दस्तावेज़ ले जाने के लिए पहले आपको एक यात्रा अनुरोध बनाना होगा।',
    companion: '{{name}} से संपर्क करने के लिए पहले आपको एक सहयात्री अनुरोध बनाना होगा।',
    thisTraveller: 'इस यात्री',
    why: 'हम ऐसा क्यों कहते हैं:',
    reasons: {
      verify: { title: 'यात्रा की पुष्टि', detail: 'आपका अनुरोध बताता है कि आप सच में इसी रास्ते से यात्रा कर रहे हैं।' },
      safe: { title: 'सुरक्षित मुलाक़ात', detail: 'मिलने से पहले दोनों यात्री एक-दूसरे के बारे में जानते हैं।' },
      matching: {
        title: 'बेहतर मिलान',
        detail: 'हम आप दोनों की उड़ानों, तारीख़ों और बीच के ठहरावों की तुलना कर सकते हैं।',
      },
      record: { title: 'बातचीत का रिकॉर्ड', detail: 'आपकी बातचीत आपके अनुरोध से जुड़ी रहती है।' },
    },
    after: 'अनुरोध बनते ही उस यात्री के साथ बातचीत अपने-आप शुरू हो जाएगी।',
    cancel: 'रद्द करें',
    continue: 'अनुरोध बनाने के लिए आगे बढ़ें',
  },
};

export default hi;
