/** The `account` namespace in Gujarati: a chunk of its own, loaded only when the page is in Gujarati. */
import { PRODUCT_NAME } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { AccountTexts } from './catalogue';

const gu: Translation<AccountTexts> = {
  quickActions: 'ઝડપથી શરૂ કરો',
  companionTitle: 'સહપ્રવાસી સેવા',
  companionSubtitle: 'વડીલો કે એકલા મુસાફરી કરનારાઓ માટે સહપ્રવાસી શોધો',
  travelPlansTitle: 'મુસાફરીની યોજનાઓ',
  travelPlansSubtitle: 'આપની ફ્લાઇટ્સ એક જગ્યાએ રાખો અને જણાવો કે આપને મદદ જોઈએ છે કે આપ મદદ કરી શકો છો',
  notifications: 'સૂચનાઓ',
  markAllRead: 'બધી વાંચેલી ગણો',
  noNotifications: 'હજુ કોઈ સૂચના નથી',
  helpButton: 'મદદ અને સહાય',
  createCaseTitle: 'કેસ નોંધાવો',
  caseSubmittedTitle: 'કેસ મોકલી દીધો',
  deleteProfile: 'પ્રોફાઇલ કાઢી નાખો',
  deleteConfirmTitle: 'શું આપ આપની પ્રોફાઇલ કાઢી નાખવા માંગો છો?',
  deleteConfirmText:
    'શું આપ ખરેખર આપની પ્રોફાઇલ કાઢી નાખવા માંગો છો? આપની સક્રિય વિનંતીઓ નિષ્ક્રિય થઈ જશે. આ પગલું પાછું લઈ શકાતું નથી.',
  welcome: {
    title: 'નમસ્તે, {{name}}',
    subtitle: 'આપની હવે પછીની મુસાફરી ક્યાંની છે?',
  },
  quickActionChips: { gateToGate: 'ગેટથી ગેટ સુધી મદદ', language: 'ભાષામાં મદદ' },
  searchSection: 'મુસાફરો શોધો',
  menu: { tooltip: 'ખાતું', label: 'ખાતાનું મેનુ', profile: 'પ્રોફાઇલ', logout: 'લૉગ આઉટ કરો' },
  bell: { unread: '{{name}}, {{unread}} વાંચી નથી', loading: 'સૂચનાઓ લોડ થઈ રહી છે', unreadMark: 'વાંચી નથી' },
  tour: {
    progress: 'પગલું {{step}} / {{total}}',
    skip: 'ટૂર છોડી દો',
    previous: 'પાછળ',
    next: 'આગળ',
    done: 'શરૂ કરો',
    steps: {
      welcome: {
        title: `${PRODUCT_NAME} પર આપનું સ્વાગત છે!`,
        body: 'ચાલો, અમે આપને આપનું ડેશબોર્ડ બતાવીએ. એમાં એક મિનિટથી પણ ઓછો સમય લાગશે.',
      },
      'service-cards': {
        title: 'ઝડપથી શરૂ કરો',
        body: 'દરેક સેવા અહીંથી શરૂ થાય છે. મદદ માગવા કે મદદ કરવા માટે કોઈ કાર્ડ પસંદ કરો.',
      },
      'companion-card': {
        title: 'સહપ્રવાસી સેવા',
        body: 'વડીલ કે એકલા મુસાફરી કરનાર માટે સહપ્રવાસી શોધો, અથવા ગેટથી ગેટ સુધી મદદ અને ભાષામાં મદદ કરવાની તૈયારી બતાવો.',
      },
      'search-section': {
        title: 'મુસાફરો શોધો',
        body: 'એરપોર્ટ અને મુસાફરીની તારીખો પ્રમાણે વિનંતીઓ અને મદદની તૈયારી બતાવનારાઓ શોધો, પછી કોઈ મુસાફરનો સંપર્ક કરો.',
      },
      sidebar: {
        title: 'નેવિગેશન',
        body: 'હોમ, સહપ્રવાસી અને સંદેશા વચ્ચે આવ-જા કરો. નવા સંદેશા પર એક નિશાની દેખાય છે.',
      },
      notifications: {
        title: 'સૂચનાઓ',
        body: 'ઘંટડીમાં મળેલા સહપ્રવાસીઓ અને આપની વિનંતીઓ વિશેના સમાચાર દેખાય છે. વાંચવા માટે તેને ખોલો.',
      },
      menu: { title: 'આપનું ખાતું', body: 'આ મેનુમાંથી આપની પ્રોફાઇલ ખોલો અથવા લૉગ આઉટ કરો.' },
      'help-button': {
        title: 'મદદ જોઈએ છે?',
        body: 'ક્યાંક અટવાયા છો કે કોઈ સવાલ છે? અહીં સહાય માટે કેસ નોંધાવો, અમે 24-48 કલાકમાં જવાબ આપીશું.',
      },
      complete: {
        title: 'બધું તૈયાર છે!',
        body: `હવે આપ આપના સહપ્રવાસી શોધવા માટે તૈયાર છો. ${PRODUCT_NAME} સાથે આપની મુસાફરી શુભ રહે!`,
      },
    },
  },
  forms: {
    profileTitle: 'મારી પ્રોફાઇલ',
    fullName: 'પૂરું નામ',
    phoneNumber: 'ફોન નંબર',
    emailAddress: 'ઈ-મેલ સરનામું',
    readOnly: 'આપનું નામ, ફોન નંબર અને ઈ-મેલ સરનામું બદલી શકાતું નથી.',
    deleteHint:
      'પ્રોફાઇલ કાઢી નાખવાથી આપ દરેક જગ્યાએથી સાઇન આઉટ થઈ જશો અને આપની સક્રિય વિનંતીઓ નિષ્ક્રિય થઈ જશે. આ પગલું પાછું લઈ શકાતું નથી.',
    openProfilePage: 'પ્રોફાઇલ પેજ ખોલો',
    close: 'બંધ કરો',
    cancel: 'રદ કરો',
    confirmDelete: 'હા, કાઢી નાખો',
    caseId: 'આપનો કેસ નંબર:',
    done: 'બરાબર',
    issueType: 'સમસ્યાનો પ્રકાર',
    details: 'વિગતો',
    submitCase: 'કેસ મોકલો',
    caseIntro: 'અમને જણાવો કે શું ખોટું થયું અથવા આપને શું જોઈએ છે. અમે 24-48 કલાકમાં આપને જવાબ આપીશું.',
    detailsHint: 'ઓછામાં ઓછા {{min}} અક્ષર ({{count}}/{{min}})',
    issueTypes: {
      'Account Issues': 'ખાતાને લગતી સમસ્યા',
      'Feature Requests': 'નવી સુવિધાનું સૂચન',
      'General Inquiry': 'સામાન્ય પૂછપરછ',
      'Service Complaints': 'સેવા વિશે ફરિયાદ',
      'Technical Support': 'ટેકનિકલ મદદ',
      Other: 'અન્ય',
    },
  },
  sessions: {
    loading: 'સત્રો લોડ થઈ રહ્યાં છે',
    signedIn: 'સાઇન ઇન:',
    othersEnded_one: 'બીજા {{count}} સત્રમાંથી સાઇન આઉટ કરી દેવામાં આવ્યું.',
    othersEnded_other: 'બીજાં {{count}} સત્રોમાંથી સાઇન આઉટ કરી દેવામાં આવ્યું.',
  },
  profile: {
    title: 'મારી પ્રોફાઇલ',
    loading: 'આપની પ્રોફાઇલ લોડ થઈ રહી છે',
    phone: 'ફોન નંબર',
    memberSince: 'ક્યારથી સભ્ય',
    helpPreference: 'મદદ વિશે પસંદ',
    helpPreferences: {
      need_help: 'મારે મદદ જોઈએ છે',
      want_to_help: 'હું મદદ કરવા માંગું છું',
    },
    language: 'ભાષા',
    languageHint: 'ઍપ અને અમે મોકલીએ તે ઈ-મેલ આ ભાષામાં હશે.',
  },
  push: {
    title: 'આ ડિવાઇસ પર સૂચનાઓ',
    intro:
      'કંઈ પણ થાય ત્યારે આ ફોન કે કમ્પ્યુટર પર સૂચના મેળવો, SafarSaathi ખુલ્લું ન હોય ત્યારે પણ. સૂચનામાં ફક્ત શું થયું તે લખેલું હોય છે, કોઈએ શું લખ્યું તે ક્યારેય નહીં.',
    turnOn: 'સૂચનાઓ ચાલુ કરો',
    turnOff: 'આ ડિવાઇસ પર બંધ કરો',
    on: 'આ ડિવાઇસ પર સૂચનાઓ ચાલુ છે.',
    turnedOn: 'આ ડિવાઇસ પર સૂચનાઓ ચાલુ છે.',
    turnedOff: 'આ ડિવાઇસ પર સૂચનાઓ બંધ છે.',
    unsupported: 'આ બ્રાઉઝર SafarSaathiની સૂચનાઓ બતાવી શકતું નથી.',
    notReady:
      'આ ડિવાઇસ પર ઍપ ઇન્સ્ટૉલ કરી શકાશે ત્યારે સૂચનાઓ મળશે (ટૂંક સમયમાં). કઈ સૂચનાઓ જોઈએ છે તે આપ અત્યારથી પસંદ કરી શકો છો.',
    blocked: 'આ બ્રાઉઝરમાં SafarSaathiની સૂચનાઓ બ્લૉક છે. સાઇટના સેટિંગમાં તેની પરવાનગી આપો, પછી ફરી પ્રયાસ કરો.',
    failed: 'સૂચનાઓ ચાલુ થઈ શકી નહીં. કૃપા કરીને ફરી પ્રયાસ કરો.',
    kinds: 'મને શેની સૂચના આપવી',
    match: 'મેળ: સહપ્રવાસી મળે ત્યારે, અથવા મેળમાં ફેરફાર થાય ત્યારે',
    message: 'ચેટના સંદેશા જે મેં એક મિનિટમાં જોયા ન હોય',
    trip: 'મુસાફરીનો દિવસ: મળવાની જગ્યા, મુસાફરીના તબક્કા, ફ્લાઇટમાં ફેરફાર અને યાદ અપાવતી સૂચના',
    saved: 'સૂચનાઓ વિશેની પસંદ સાચવી લીધી.',
    saveFailed: 'સૂચનાઓ વિશેની આપની પસંદ સાચવી શકાઈ નહીં. કૃપા કરીને ફરી પ્રયાસ કરો.',
    loadFailed: 'સૂચનાઓ વિશેની આપની પસંદ લોડ થઈ શકી નહીં.',
  },
};

export default gu;
