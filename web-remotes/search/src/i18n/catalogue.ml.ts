/** The `search` namespace in Malayalam: a chunk of its own, loaded only when the page is in Malayalam. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const ml: Translation<SearchTexts> = {
  title: 'യാത്രക്കാരെയും അഭ്യർത്ഥനകളെയും തിരയുക',
  serviceLabel: 'സേവനത്തിന്റെ തരം',
  fromLabel: 'പുറപ്പെടുന്ന വിമാനത്താവളം',
  toLabel: 'എത്തുന്ന വിമാനത്താവളം',
  fromDateLabel: 'തീയതി മുതൽ',
  toDateLabel: 'തീയതി വരെ',
  search: 'തിരയുക',
  contact: 'ബന്ധപ്പെടുക',
  connecting: 'ബന്ധിപ്പിക്കുന്നു...',
  submittedBy: 'നൽകിയത്:',
  submitted: 'നൽകിയത്',
  traveler: 'യാത്ര ചെയ്യുന്നയാൾ',
  freeService: 'സൗജന്യ സേവനം',
  ticketsBooked: 'ടിക്കറ്റ് ബുക്ക് ചെയ്തു',
  ticketsNotBooked: 'ടിക്കറ്റ് ബുക്ക് ചെയ്തിട്ടില്ല',
  contactFailed: 'ബന്ധപ്പെടാനായില്ല. ദയവായി വീണ്ടും ശ്രമിക്കുക.',
  speaks: 'സംസാരിക്കുന്ന ഭാഷ',
  anyLanguage: 'ഏത് ഭാഷയും',
  services: { companion: 'സഹയാത്രി സേവനം', ride: 'വാഹന സേവനം', document: 'രേഖകൾ എത്തിക്കുന്ന സേവനം' },
  filters: 'യാത്രക്കാരെ തിരയാനുള്ള ഫിൽട്ടറുകൾ',
  searching: 'തിരയുന്നു',
  found: 'കണ്ടെത്തിയ യാത്രക്കാർ: {{count}}',
  foundFrom: 'കണ്ടെത്തിയ യാത്രക്കാർ: {{count}} (പുറപ്പെടൽ: {{airport}})',
  badges: {
    seeking: 'സഹയാത്രിയെ തേടുന്നു',
    free: 'സൗജന്യ സഹയാത്രി',
    paid: 'ഫീസുള്ള സഹയാത്രി',
    provideRide: 'വാഹനം നൽകാം',
    needRide: 'വാഹനം വേണം',
    document: 'രേഖകൾ',
  },
  genders: { male: 'പുരുഷൻ', female: 'സ്ത്രീ', other: 'മറ്റുള്ളവർ' },
  age: '{{age}} വയസ്സ്',
  trust: {
    trips: 'പൂർത്തിയാക്കിയ യാത്രകൾ: {{count}}',
    lateCancellations: 'കഴിഞ്ഞ 12 മാസത്തിൽ അവസാന നിമിഷം റദ്ദാക്കിയത്: {{count}}',
    references: 'അഭിപ്രായങ്ങൾ: {{positive}} നല്ലത് · {{neutral}} തരക്കേടില്ല · {{negative}} മോശം',
    memberSince: '{{month}} മുതൽ അംഗം',
  },
  via: 'ഇടത്താവളം:',
  chatStarted: '{{name}} എന്നയാളുമായി ഇപ്പോൾ ചാറ്റ് ചെയ്യാം!',
  disclaimer: {
    title: 'ആദ്യം ഒരു അഭ്യർത്ഥന തയ്യാറാക്കുക',
    document: 'ഈ വ്യക്തിയെ ബന്ധപ്പെടാനും രേഖകൾ കൊണ്ടുപോകാനും ആദ്യം നിങ്ങൾ ഒരു യാത്രാ അഭ്യർത്ഥന തയ്യാറാക്കണം.',
    companion: '{{name}} ഉൾപ്പെടുന്ന ഒരു ചാറ്റ് തുടങ്ങാൻ, ആദ്യം നിങ്ങൾ ഒരു സഹയാത്രി അഭ്യർത്ഥന തയ്യാറാക്കണം.',
    thisTraveller: 'ഈ വ്യക്തി',
    why: 'എന്തുകൊണ്ടാണ് ഞങ്ങൾ ഇത് ആവശ്യപ്പെടുന്നത്:',
    reasons: {
      verify: {
        title: 'യാത്രാ പദ്ധതി ഉറപ്പാക്കാൻ',
        detail: 'നിങ്ങൾ ശരിക്കും ഈ വഴിയിലൂടെ യാത്ര ചെയ്യുന്നുണ്ടെന്ന് നിങ്ങളുടെ അഭ്യർത്ഥന ഉറപ്പാക്കുന്നു.',
      },
      safe: {
        title: 'സുരക്ഷിതമായ ബന്ധം',
        detail: 'കണ്ടുമുട്ടുന്നതിന് മുമ്പ് രണ്ട് യാത്രക്കാർക്കും പരസ്പരം അറിയാം.',
      },
      matching: {
        title: 'മികച്ച പൊരുത്തം',
        detail: 'നിങ്ങൾ ഇരുവരുടെയും ഫ്ലൈറ്റുകൾ, തീയതികൾ, ഇടത്താവളങ്ങൾ എന്നിവ ഞങ്ങൾക്ക് താരതമ്യം ചെയ്യാം.',
      },
      record: {
        title: 'സംഭാഷണങ്ങളുടെ രേഖ',
        detail: 'നിങ്ങളുടെ സംഭാഷണം നിങ്ങളുടെ അഭ്യർത്ഥനയുമായി ബന്ധിപ്പിച്ചിരിക്കും.',
      },
    },
    after: 'അഭ്യർത്ഥന തയ്യാറായാലുടൻ ആ വ്യക്തിയുമായുള്ള ചാറ്റ് തനിയെ തുടങ്ങും.',
    cancel: 'റദ്ദാക്കുക',
    continue: 'അഭ്യർത്ഥന തയ്യാറാക്കാൻ തുടരുക',
  },
};

export default ml;
