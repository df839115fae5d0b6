/** The `messages` namespace in Gujarati: a chunk of its own, loaded only when the page is in Gujarati. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const gu: Translation<MessagesTexts> = {
  screen: {
    title: 'સંદેશા',
    subtitle: 'આપના મુસાફરીના સાથીઓ સાથે વાત કરો',
    searchPlaceholder: 'વાતચીત શોધો...',
    noMessagesYet: 'હજુ કોઈ સંદેશ નથી',
    startConversation: 'વાતચીત શરૂ કરો',
    emptyTitle: 'હજુ કોઈ વાતચીત નથી',
    emptyText: 'અમારી સેવાઓ દ્વારા લોકો સાથે જોડાવાની શરૂઆત કરો',
    browseServices: 'સેવાઓ જુઓ',
    features: { realTime: 'તરત વાતચીત', secure: 'સુરક્ષિત સંદેશા', coordination: 'મુસાફરીની તૈયારી' },
    loading: 'વાતચીત લોડ થઈ રહી છે',
    list: 'વાતચીત',
    search: 'વાતચીત શોધો',
    unread: '{{count}} વાંચ્યા નથી',
  },
  chat: {
    meeting: 'મળવાની જગ્યા:',
    meetingAt: '{{place}}, {{time}} ({{airport}}નો સ્થાનિક સમય, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (આપનો સમય ઝોન, {{zone}})',
    services: { companion: 'સહપ્રવાસી સેવા', ride: 'વાહન સેવા', document: 'દસ્તાવેજ સેવા' },
    options: 'વાતચીતના વિકલ્પો',
    close: 'બંધ કરો',
    block: 'બ્લૉક કરો',
    blockHint: 'આપ બંનેમાંથી કોઈ સંદેશ મોકલી શકશે નહીં',
    unblock: 'અનબ્લૉક કરો',
    unblockHint: 'આપ બંને ફરીથી લખી શકશો',
    report: 'ફરિયાદ કરો',
    reportHint: 'અમારી સહાય ટીમને જણાવો',
    placeholder: 'સંદેશ લખો...',
    send: 'સંદેશ મોકલો',
    sending: 'મોકલી રહ્યા છીએ',
    read: 'વંચાઈ ગયો',
    messages: 'સંદેશા',
    loadingMessages: 'સંદેશા લોડ થઈ રહ્યા છે',
    today: 'આજે',
    yesterday: 'ગઈ કાલે',
  },
  safety: {
    title: 'સલામતીની સલાહ',
    carry: 'અહીં મળેલા કોઈના માટે ક્યારેય કંઈ પણ લઈ ન જાઓ, ભલે તે ગમે તેટલું નાનું હોય.',
    money: 'SafarSaathi કોઈ ચુકવણી સંભાળતું નથી: કોઈને અગાઉથી પૈસા ન આપો, અને બેંક, કાર્ડ કે UPIની વિગતો ક્યારેય ન આપો.',
    code: 'SafarSaathiનો કોઈ પણ કોડ ક્યારેય ચેટમાં ન આપો.',
    report: 'ફરિયાદ કરો',
    markedCarry:
      'SafarSaathiએ આ સંદેશ પર નિશાન કર્યું છે: તેમાં કોઈને કંઈક લઈ જવા કે રાખવા કહેવાયું છે. વાંચનારને તેની નીચે સલામતીની સલાહ દેખાય છે.',
    markedMoney:
      'SafarSaathiએ આ સંદેશ પર નિશાન કર્યું છે: તેમાં પૈસા કે ચુકવણીની વિગતો માગવામાં આવી છે. વાંચનારને તેની નીચે સલામતીની સલાહ દેખાય છે.',
    markedCode:
      'SafarSaathiએ આ સંદેશ પર નિશાન કર્યું છે: તેમાં કોડ માગવામાં આવ્યો છે. વાંચનારને તેની નીચે સલામતીની સલાહ દેખાય છે.',
    reportDetails: 'આ સંદેશમાં મને કંઈક લઈ જવા, પૈસા આપવા કે કોડ આપવા કહેવાયું.',
    includeThis: 'આ સંદેશ ફરિયાદ સાથે મોકલો',
  },
  report: {
    sentTitle: 'ફરિયાદ મોકલી દીધી',
    caseId: 'કેસ નંબર:',
    done: 'બરાબર',
    title: 'વાતચીત વિશે ફરિયાદ કરો',
    intro: '{{name}} સાથેની આપની વાતચીતમાં શું થયું તે અમારી સહાય ટીમને જણાવો.',
    label: 'શું થયું?',
    minimum: `ઓછામાં ઓછા ${LIMITS.supportDetailsMin} અક્ષર ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'કારણ',
    reasons: {
      harassment: 'હેરાનગતિ',
      scam: 'છેતરપિંડી',
      inappropriate: 'અયોગ્ય સામગ્રી',
      safety: 'સલામતીની ચિંતા',
      other: 'બીજું કંઈક',
    },
    attach: 'આ વાતચીતના છેલ્લા સંદેશા સાથે મોકલો',
    attachCount: 'કેટલા સંદેશા',
    consent:
      'વાતચીત ખાનગી રહે છે: વાતચીતમાં જોડાયેલી કોઈ વ્યક્તિ આ રીતે તેનો ભાગ ન મોકલે ત્યાં સુધી SafarSaathiમાં કોઈ તે વાંચતું નથી. આપની ફરિયાદ સાથે ફક્ત એ જ સંદેશા જાય છે જે આપ જોડવાનું પસંદ કરો.',
    cancel: 'રદ કરો',
    send: 'ફરિયાદ મોકલો',
  },
};

export default gu;
