/** The `search` namespace in Marathi: a chunk of its own, loaded only when the page is in Marathi. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const mr: Translation<SearchTexts> = {
  title: 'प्रवासी आणि विनंत्या शोधा',
  serviceLabel: 'सेवेचा प्रकार',
  fromLabel: 'निघण्याचा विमानतळ',
  toLabel: 'पोहोचण्याचा विमानतळ',
  fromDateLabel: 'या तारखेपासून',
  toDateLabel: 'या तारखेपर्यंत',
  search: 'शोधा',
  contact: 'संपर्क साधा',
  connecting: 'जोडत आहोत...',
  submittedBy: 'पाठवणारे:',
  submitted: 'पाठवली',
  traveler: 'प्रवासी',
  freeService: 'मोफत सेवा',
  ticketsBooked: 'तिकीट बुक झाले आहे',
  ticketsNotBooked: 'तिकीट बुक झालेले नाही',
  contactFailed: 'संपर्क सुरू करता आला नाही. कृपया पुन्हा प्रयत्न करा.',
  speaks: 'बोलतात',
  anyLanguage: 'कोणतीही भाषा',
  services: { companion: 'सहप्रवासी सेवा', ride: 'वाहन सेवा', document: 'कागदपत्र सेवा' },
  filters: 'प्रवासी शोधण्याचे फिल्टर',
  searching: 'शोधत आहोत',
  found: '{{count}} प्रवासी सापडले',
  foundFrom: '{{airport}} येथून {{count}} प्रवासी सापडले',
  badges: {
    seeking: 'सहप्रवासी हवा आहे',
    free: 'मोफत सहप्रवासी',
    paid: 'सशुल्क सहप्रवासी',
    provideRide: 'वाहनाची सोय देऊ शकतात',
    needRide: 'वाहनाची सोय हवी आहे',
    document: 'कागदपत्रे',
  },
  genders: { male: 'पुरुष', female: 'स्त्री', other: 'इतर' },
  age: '{{age}} वर्षे',
  trust: {
    trips: '{{count}} प्रवास पूर्ण केले',
    lateCancellations: 'गेल्या 12 महिन्यांत शेवटच्या क्षणी रद्द: {{count}}',
    references: '{{positive}} चांगले · {{neutral}} ठीकठाक · {{negative}} वाईट',
    memberSince: '{{month}} पासून सदस्य',
  },
  via: 'मधले थांबे:',
  chatStarted: '{{name}} यांच्याशी आता संभाषण करता येईल!',
  disclaimer: {
    title: 'आधी विनंती तयार करा',
    document: 'या प्रवाशाशी संपर्क साधण्यासाठी आणि कागदपत्रे नेण्यासाठी आधी आपल्याला प्रवासाची विनंती तयार करावी लागेल.',
    companion: '{{name}} यांच्याशी संपर्क साधण्यासाठी आधी आपल्याला सहप्रवासी विनंती तयार करावी लागेल.',
    thisTraveller: 'संबंधित प्रवासी',
    why: 'आम्ही असे का सांगतो:',
    reasons: {
      verify: {
        title: 'प्रवासाची खात्री',
        detail: 'आपल्या विनंतीवरून कळते की आपण खरोखर याच मार्गाने प्रवास करत आहात.',
      },
      safe: {
        title: 'सुरक्षित ओळख',
        detail: 'भेटण्याआधीच दोन्ही प्रवाशांना एकमेकांची ओळख असते.',
      },
      matching: {
        title: 'अधिक चांगली जुळणी',
        detail: 'आम्ही आपल्या दोघांच्या फ्लाइट, तारखा आणि मधले थांबे यांची तुलना करू शकतो.',
      },
      record: {
        title: 'संभाषणाची नोंद',
        detail: 'आपले संभाषण आपल्या विनंतीशी जोडलेले राहते.',
      },
    },
    after: 'विनंती तयार होताच त्या प्रवाशाशी आपले संभाषण आपोआप सुरू होईल.',
    cancel: 'रद्द करा',
    continue: 'विनंती तयार करण्यासाठी पुढे जा',
  },
};

export default mr;
