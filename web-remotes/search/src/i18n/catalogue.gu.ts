/** The `search` namespace in Gujarati: a chunk of its own, loaded only when the page is in Gujarati. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const gu: Translation<SearchTexts> = {
  title: 'મુસાફરો અને વિનંતીઓ શોધો',
  serviceLabel: 'સેવાનો પ્રકાર',
  fromLabel: 'ઊપડવાનું એરપોર્ટ',
  toLabel: 'પહોંચવાનું એરપોર્ટ',
  fromDateLabel: 'આ તારીખથી',
  toDateLabel: 'આ તારીખ સુધી',
  search: 'શોધો',
  contact: 'સંપર્ક કરો',
  connecting: 'જોડી રહ્યા છીએ...',
  submittedBy: 'મોકલનાર:',
  submitted: 'મોકલ્યાની તારીખ',
  traveler: 'મુસાફર',
  freeService: 'મફત સેવા',
  ticketsBooked: 'ટિકિટ બુક થઈ ગઈ છે',
  ticketsNotBooked: 'ટિકિટ બુક થઈ નથી',
  contactFailed: 'સંપર્ક શરૂ થઈ શક્યો નહીં. કૃપા કરીને ફરી પ્રયાસ કરો.',
  speaks: 'બોલે છે',
  anyLanguage: 'કોઈ પણ ભાષા',
  services: { companion: 'સહપ્રવાસી સેવા', ride: 'વાહન સેવા', document: 'દસ્તાવેજ સેવા' },
  filters: 'મુસાફરોની શોધ માટેના ફિલ્ટર',
  searching: 'શોધી રહ્યા છીએ',
  found: '{{count}} મુસાફર મળ્યા',
  foundFrom: '{{airport}}થી ઊપડતા {{count}} મુસાફર મળ્યા',
  badges: {
    seeking: 'સહપ્રવાસી જોઈએ છે',
    free: 'મફત સહપ્રવાસી',
    paid: 'ચાર્જ લેનાર સહપ્રવાસી',
    provideRide: 'વાહનમાં લઈ જઈ શકે છે',
    needRide: 'વાહન જોઈએ છે',
    document: 'દસ્તાવેજ',
  },
  genders: { male: 'પુરુષ', female: 'સ્ત્રી', other: 'અન્ય' },
  age: '{{age}} વર્ષ',
  trust: {
    trips: '{{count}} મુસાફરી પૂરી કરી',
    lateCancellations: 'છેલ્લા 12 મહિનામાં છેલ્લી ઘડીએ રદ: {{count}}',
    references: '{{positive}} સારા · {{neutral}} ઠીકઠાક · {{negative}} ખરાબ',
    memberSince: '{{month}}થી સભ્ય',
  },
  via: 'વાયા',
  chatStarted: '{{name}} સાથે હવે વાતચીત કરી શકાય છે!',
  disclaimer: {
    title: 'પહેલાં એક વિનંતી બનાવો',
    document: 'આ મુસાફરનો સંપર્ક કરવા અને દસ્તાવેજ લઈ જવા માટે આપે પહેલાં મુસાફરી માટેની એક વિનંતી બનાવવી પડશે.',
    companion: '{{name}} સાથે સંપર્ક કરવા માટે આપે પહેલાં સહપ્રવાસી માટેની એક વિનંતી બનાવવી પડશે.',
    thisTraveller: 'આ મુસાફર',
    why: 'અમે આવું શા માટે કહીએ છીએ:',
    reasons: {
      verify: {
        title: 'મુસાફરીની ખાતરી',
        detail: 'આપની વિનંતીથી ખાતરી થાય છે કે આપ ખરેખર આ જ રૂટ પર મુસાફરી કરી રહ્યા છો.',
      },
      safe: { title: 'સલામત સંપર્ક', detail: 'મળતા પહેલાં બંને મુસાફરો એકબીજા વિશે જાણે છે.' },
      matching: {
        title: 'વધુ સારો મેળ',
        detail: 'અમે આપ બંનેની ફ્લાઇટ, તારીખો અને વચ્ચેનાં રોકાણની સરખામણી કરી શકીએ છીએ.',
      },
      record: { title: 'વાતચીતનો રેકોર્ડ', detail: 'આપની વાતચીત આપની વિનંતી સાથે જોડાયેલી રહે છે.' },
    },
    after: 'વિનંતી બનતાં જ તે મુસાફર સાથે વાતચીત આપમેળે શરૂ થઈ જશે.',
    cancel: 'રદ કરો',
    continue: 'વિનંતી બનાવવા આગળ વધો',
  },
};

export default gu;
