/**
 * The `site` namespace: landing page, learn-more page, and (for the lead to switch to t() after the forms
 * merge) the sign-in and registration texts, their English taken from messages.ts.
 */
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';
import { SITE_MESSAGES } from '../messages';

const en = {
  hero: {
    title: 'Never fly alone: find a travel companion for your flight',
    text: `${PRODUCT_NAME} connects travellers of the Indian community worldwide, so elderly parents and solo flyers have someone by their side from gate to gate. Free, and for companionship only.`,
    getStarted: 'Get Started',
    learnMore: 'Learn More',
    claims: {
      cities: '50+ cities covered',
      chat: '24/7 chat',
      community: 'Growing community',
      responses: 'Quick responses',
    },
  },
  searchSection: 'Search travellers',
  service: {
    title: 'Our Service',
    subtitle: 'One service, done with care.',
    name: 'Travel Companion',
    text: 'Ask for a companion for yourself or a family member, often an elderly parent or a first-time solo flyer, or offer to accompany someone on a flight you are already taking.',
    gateToGate: 'Gate-to-gate help',
    language: 'Language support',
  },
  howItWorks: {
    title: 'How it works',
    subtitle: 'Four steps from sign-up to take-off.',
    signUp: { title: 'Sign up with your email', text: 'Enter your email address and the one-time code we send you. No password to remember.' },
    request: { title: 'Create a request', text: 'Say that you need a companion or can offer one, with your flight, dates and languages.' },
    match: { title: 'Find a match', text: 'We match requests on dates, airports and service, and let you know when there is one.' },
    connect: { title: 'Connect', text: 'Chat with your match, agree on the details and travel together.' },
  },
  whyChoose: {
    title: `Why choose ${PRODUCT_NAME}`,
    free: { title: 'Free for everyone', text: 'A community platform: no fees, no subscriptions, no payments through the site.' },
    community: { title: 'Our community, worldwide', text: 'Travellers of the Indian community in many countries, flying the routes your family flies.' },
    matches: { title: 'Matches that fit', text: 'Requests are matched on travel dates, airports and the help that is needed.' },
    chat: { title: 'Private chat', text: 'Talk to your match directly before the trip and plan the journey together.' },
  },
  safety: {
    title: 'Safety and trust',
    adults: { title: 'Adults only', text: `${PRODUCT_NAME} is for travellers aged 18 and over, for companionship only.` },
    verified: { title: 'Verified email', text: 'Every account signs in with a one-time code sent to its email address.' },
    private: { title: 'Private conversations', text: 'Chats are between you and your match and are not monitored, so use your judgment and stay safe.' },
    control: { title: 'You stay in control', text: 'Cancel a request at any time, and meet only in public areas of the airport.' },
  },
  faq: {
    title: 'Frequently asked questions',
    pay: {
      question: `Do I have to pay to use ${PRODUCT_NAME}?`,
      answer: `No. ${PRODUCT_NAME} is free and handles no payments. Some companions ask for a service charge, which their request shows; any such arrangement is between you and them.`,
    },
    meet: {
      question: 'How do I meet my companion safely?',
      answer: 'Chat first and confirm the flight details, meet in a public area of the airport, share your plans with family, and trust your judgment. Chats are private and not monitored.',
    },
    cancel: { question: 'Can I cancel a request?', answer: 'Yes, at any time. A cancelled request stops being matched.' },
    matching: {
      question: 'How does matching work?',
      answer: 'Requests are matched on travel dates, origin and destination airports and the service needed. You are told when a match is found.',
    },
  },
  cta: {
    title: 'Ready for your next journey?',
    text: 'Join the community and find someone to travel with, or help someone travel with you.',
    signUp: 'Sign up free',
  },
  learnMore: {
    title: `About ${PRODUCT_NAME}`,
    subtitle: 'A free community platform where adult travellers find companions for their flights.',
    whyTitle: 'Why we exist',
    why: `Many in the Indian community worldwide have parents and grandparents who fly long routes alone, through unfamiliar airports and in languages they do not speak. At the same time, other travellers are already on those flights and happy to help. ${PRODUCT_NAME} brings them together.`,
    whatTitle: 'What you can do',
    what: 'Ask for a travel companion for yourself or a family member, or offer companionship, gate-to-gate help and language support on a flight you are taking. Requests are matched on travel dates, airports and the service needed, and you can chat with your match to plan the journey.',
    freeTitle: 'Free, and for companionship only',
    free: `${PRODUCT_NAME} is for adults (18+) and for companionship only. It handles no payments. You can cancel a request at any time.`,
    safetyTitle: 'Your safety',
    safety: 'Everyone signs in with a one-time code sent to their email address. Chats are private and not monitored, so use your judgment: confirm flight details, meet in public areas of the airport and keep your family informed.',
    contactTitle: 'Get in touch',
    contact: 'Questions or feedback? Write to us at',
    getStarted: 'Get Started',
  },
  /** The sign-in and registration screens (the forms helper's files): keys ready for t() after its merge. */
  login: { ...SITE_MESSAGES },
};

export const siteCatalogue = defineCatalogue('site', en, {
  hero: {
    title: 'अब अकेले उड़ान नहीं: अपनी उड़ान के लिए सहयात्री खोजें',
    text: `${PRODUCT_NAME} दुनिया भर के भारतीय समुदाय के यात्रियों को जोड़ता है, ताकि बुज़ुर्ग माता-पिता और अकेले सफ़र करने वालों के साथ गेट से गेट तक कोई हो। निःशुल्क, और केवल साथ के लिए।`,
    getStarted: 'शुरू करें',
    learnMore: 'और जानें',
    claims: {
      cities: '50+ शहरों में',
      chat: '24/7 बातचीत',
      community: 'बढ़ता हुआ समुदाय',
      responses: 'जल्दी जवाब',
    },
  },
  searchSection: 'यात्री खोजें',
  service: {
    title: 'हमारी सेवा',
    subtitle: 'एक सेवा, पूरे ध्यान से।',
    name: 'यात्रा सहयात्री',
    text: 'अपने लिए या परिवार के किसी सदस्य के लिए सहयात्री माँगें — अक्सर बुज़ुर्ग माता-पिता या पहली बार अकेले उड़ने वाले के लिए — या जिस उड़ान से आप पहले से जा रहे हैं, उसमें किसी का साथ देने की पेशकश करें।',
    gateToGate: 'गेट से गेट तक मदद',
    language: 'भाषा में मदद',
  },
  howItWorks: {
    title: 'यह कैसे काम करता है',
    subtitle: 'साइन अप से उड़ान तक चार आसान कदम।',
    signUp: { title: 'अपने ई-मेल से साइन अप करें', text: 'अपना ई-मेल पता और हमारा भेजा हुआ एक बार का कोड डालें। कोई पासवर्ड याद रखने की ज़रूरत नहीं।' },
    request: { title: 'अनुरोध बनाएँ', text: 'बताएँ कि आपको सहयात्री चाहिए या आप किसी का साथ दे सकते हैं, अपनी उड़ान, तारीख़ों और भाषाओं के साथ।' },
    match: { title: 'मेल ढूँढें', text: 'हम तारीख़, हवाई अड्डे और सेवा के आधार पर अनुरोधों का मेल करते हैं, और मेल मिलते ही आपको बताते हैं।' },
    connect: { title: 'जुड़ें', text: 'अपने सहयात्री से बात करें, बातें तय करें और साथ यात्रा करें।' },
  },
  whyChoose: {
    title: `${PRODUCT_NAME} ही क्यों`,
    free: { title: 'सबके लिए निःशुल्क', text: 'एक सामुदायिक मंच: न कोई फ़ीस, न सदस्यता, न साइट के ज़रिए कोई भुगतान।' },
    community: { title: 'हमारा समुदाय, दुनिया भर में', text: 'कई देशों में बसे भारतीय समुदाय के यात्री, उन्हीं रास्तों पर उड़ते हैं जिन पर आपका परिवार।' },
    matches: { title: 'सही मेल', text: 'अनुरोधों का मेल यात्रा की तारीख़, हवाई अड्डों और ज़रूरी मदद के आधार पर होता है।' },
    chat: { title: 'निजी बातचीत', text: 'यात्रा से पहले अपने सहयात्री से सीधे बात करें और साथ मिलकर सफ़र की योजना बनाएँ।' },
  },
  safety: {
    title: 'सुरक्षा और भरोसा',
    adults: { title: 'केवल वयस्क', text: `${PRODUCT_NAME} 18 वर्ष और उससे अधिक उम्र के यात्रियों के लिए है, केवल साथ के लिए।` },
    verified: { title: 'सत्यापित ई-मेल', text: 'हर खाता अपने ई-मेल पते पर भेजे गए एक बार के कोड से साइन इन करता है।' },
    private: { title: 'निजी बातचीत', text: 'बातचीत केवल आपके और आपके सहयात्री के बीच होती है और उस पर नज़र नहीं रखी जाती, इसलिए अपनी समझ से काम लें और सुरक्षित रहें।' },
    control: { title: 'फ़ैसला आपके हाथ में', text: 'किसी भी समय अनुरोध रद्द करें, और हवाई अड्डे की सार्वजनिक जगहों पर ही मिलें।' },
  },
  faq: {
    title: 'अक्सर पूछे जाने वाले सवाल',
    pay: {
      question: `क्या ${PRODUCT_NAME} इस्तेमाल करने के लिए पैसे देने होते हैं?`,
      answer: `नहीं। ${PRODUCT_NAME} निःशुल्क है और कोई भुगतान नहीं लेता। कुछ सहयात्री सेवा शुल्क माँगते हैं, जो उनके अनुरोध में लिखा होता है; ऐसी कोई भी बात आपके और उनके बीच की है।`,
    },
    meet: {
      question: 'मैं अपने सहयात्री से सुरक्षित रूप से कैसे मिलूँ?',
      answer: 'पहले बात करें और उड़ान की जानकारी पक्की कर लें, हवाई अड्डे की किसी सार्वजनिक जगह पर मिलें, अपनी योजना परिवार को बताएँ, और अपनी समझ पर भरोसा रखें। बातचीत निजी होती है और उस पर नज़र नहीं रखी जाती।',
    },
    cancel: { question: 'क्या मैं अनुरोध रद्द कर सकता/सकती हूँ?', answer: 'हाँ, किसी भी समय। रद्द किए गए अनुरोध का फिर मेल नहीं किया जाता।' },
    matching: {
      question: 'मेल कैसे होता है?',
      answer: 'अनुरोधों का मेल यात्रा की तारीख़, प्रस्थान और गंतव्य हवाई अड्डों और ज़रूरी सेवा के आधार पर होता है। मेल मिलते ही आपको बताया जाता है।',
    },
  },
  cta: {
    title: 'अगली यात्रा के लिए तैयार हैं?',
    text: 'समुदाय से जुड़ें और साथ सफ़र करने के लिए किसी को खोजें, या किसी के सफ़र में साथ दें।',
    signUp: 'निःशुल्क साइन अप करें',
  },
  learnMore: {
    title: `${PRODUCT_NAME} के बारे में`,
    subtitle: 'एक निःशुल्क सामुदायिक मंच, जहाँ वयस्क यात्री अपनी उड़ानों के लिए सहयात्री पाते हैं।',
    whyTitle: 'हम क्यों हैं',
    why: `दुनिया भर में भारतीय समुदाय के कई लोगों के माता-पिता और दादा-दादी लंबी उड़ानों पर अकेले सफ़र करते हैं, अनजान हवाई अड्डों से होकर और ऐसी भाषाओं के बीच जो वे नहीं बोलते। वहीं दूसरे यात्री उन्हीं उड़ानों में होते हैं और ख़ुशी से मदद करना चाहते हैं। ${PRODUCT_NAME} उन्हें आपस में जोड़ता है।`,
    whatTitle: 'आप क्या कर सकते हैं',
    what: 'अपने लिए या परिवार के किसी सदस्य के लिए सहयात्री माँगें, या जिस उड़ान से आप जा रहे हैं उसमें साथ, गेट से गेट तक मदद और भाषा में मदद की पेशकश करें। अनुरोधों का मेल यात्रा की तारीख़, हवाई अड्डों और ज़रूरी सेवा के आधार पर होता है, और आप अपने सहयात्री से बात करके सफ़र की योजना बना सकते हैं।',
    freeTitle: 'निःशुल्क, और केवल साथ के लिए',
    free: `${PRODUCT_NAME} वयस्कों (18+) के लिए है और केवल साथ के लिए है। यह कोई भुगतान नहीं लेता। आप किसी भी समय अनुरोध रद्द कर सकते हैं।`,
    safetyTitle: 'आपकी सुरक्षा',
    safety: 'हर कोई अपने ई-मेल पते पर भेजे गए एक बार के कोड से साइन इन करता है। बातचीत निजी होती है और उस पर नज़र नहीं रखी जाती, इसलिए अपनी समझ से काम लें: उड़ान की जानकारी पक्की करें, हवाई अड्डे की सार्वजनिक जगहों पर मिलें और अपने परिवार को जानकारी देते रहें।',
    contactTitle: 'हमसे संपर्क करें',
    contact: 'कोई सवाल या सुझाव? हमें यहाँ लिखें:',
    getStarted: 'शुरू करें',
  },
  login: {
    tagline: 'आपका सफ़र यहीं से शुरू होता है',
    emailConsent: 'मैं लॉग इन सत्यापन और खाते की सूचनाओं के लिए ई-मेल पाने के लिए सहमत हूँ',
    sendOtpFailed: 'OTP भेजा नहीं जा सका। कृपया फिर से कोशिश करें।',
    otpVerifiedRegister: 'OTP सत्यापित हो गया! कृपया अपना पंजीकरण पूरा करें।',
    registrationWelcome: `पंजीकरण पूरा हो गया! ${PRODUCT_NAME} में आपका स्वागत है`,
    realOtpEnabled: 'असली OTP चालू है',
    realOtpDisabled: 'असली OTP बंद है',
    realOtpToggleFailed: 'असली OTP की सेटिंग बदली नहीं जा सकी',
    devAidTitle: 'केवल डेवलपमेंट के लिए: उत्पाद का हिस्सा नहीं',
    anyCodeWorks: 'डेवलपमेंट मोड: असली OTP बंद है, इसलिए कोई भी 6 अंकों का कोड चलेगा।',
    registrationFailed: 'पंजीकरण नहीं हो सका। कृपया फिर से कोशिश करें।',
    registrationOffline: 'पंजीकरण नहीं हो सका। कृपया अपना इंटरनेट कनेक्शन जाँचकर फिर से कोशिश करें।',
    noCountries: 'कोई देश नहीं मिला',
    standaloneIncompleteOtp: 'कृपया सभी 6 अंक डालें',
    resendFailed: 'OTP दोबारा भेजा नहीं जा सका। कृपया फिर से कोशिश करें।',
    verificationFailed: 'सत्यापन नहीं हो सका। कृपया फिर से कोशिश करें।',
  },
});
