/** The `messages` namespace in Malayalam: a chunk of its own, loaded only when the page is in Malayalam. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const ml: Translation<MessagesTexts> = {
  screen: {
    title: 'സന്ദേശങ്ങൾ',
    subtitle: 'യാത്രയിലൂടെ പരിചയപ്പെട്ടവരുമായി ചാറ്റ് ചെയ്യുക',
    searchPlaceholder: 'സംഭാഷണങ്ങൾ തിരയുക...',
    noMessagesYet: 'ഇതുവരെ സന്ദേശങ്ങളൊന്നുമില്ല',
    startConversation: 'സംഭാഷണം തുടങ്ങുക',
    emptyTitle: 'ഇതുവരെ സംഭാഷണങ്ങളൊന്നുമില്ല',
    emptyText: 'ഞങ്ങളുടെ സേവനങ്ങളിലൂടെ ആളുകളുമായി ബന്ധപ്പെട്ടു തുടങ്ങുക',
    browseServices: 'സേവനങ്ങൾ കാണുക',
    features: {
      realTime: 'തത്സമയ ചാറ്റ്',
      secure: 'സുരക്ഷിതമായ സന്ദേശങ്ങൾ',
      coordination: 'യാത്രയുടെ ഒരുക്കങ്ങൾ',
    },
    loading: 'സംഭാഷണങ്ങൾ ലോഡ് ചെയ്യുന്നു',
    list: 'സംഭാഷണങ്ങൾ',
    search: 'സംഭാഷണങ്ങൾ തിരയുക',
    unread: 'വായിക്കാത്തവ: {{count}}',
  },
  chat: {
    meeting: 'കണ്ടുമുട്ടുന്ന സ്ഥലം:',
    meetingAt: '{{place}}, {{time}} ({{airport}} വിമാനത്താവളത്തിലെ പ്രാദേശിക സമയം, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (നിങ്ങളുടെ സമയമേഖല, {{zone}})',
    services: { companion: 'സഹയാത്രി സേവനം', ride: 'വാഹന സേവനം', document: 'രേഖകൾ എത്തിക്കുന്ന സേവനം' },
    options: 'സംഭാഷണത്തിലെ ഓപ്ഷനുകൾ',
    close: 'അടയ്ക്കുക',
    block: 'ബ്ലോക്ക് ചെയ്യുക',
    blockHint: 'നിങ്ങൾ രണ്ടുപേർക്കും സന്ദേശം അയയ്ക്കാനാകില്ല',
    unblock: 'അൺബ്ലോക്ക് ചെയ്യുക',
    unblockHint: 'നിങ്ങൾ രണ്ടുപേർക്കും വീണ്ടും എഴുതാം',
    report: 'പരാതിപ്പെടുക',
    reportHint: 'ഞങ്ങളുടെ സഹായ ടീമിനെ അറിയിക്കുക',
    placeholder: 'ഒരു സന്ദേശം ടൈപ്പ് ചെയ്യുക...',
    send: 'സന്ദേശം അയയ്ക്കുക',
    sending: 'അയയ്ക്കുന്നു',
    read: 'വായിച്ചു',
    messages: 'സന്ദേശങ്ങൾ',
    loadingMessages: 'സന്ദേശങ്ങൾ ലോഡ് ചെയ്യുന്നു',
    today: 'ഇന്ന്',
    yesterday: 'ഇന്നലെ',
  },
  report: {
    sentTitle: 'പരാതി അയച്ചു',
    caseId: 'പരാതി നമ്പർ:',
    done: 'ശരി',
    title: 'സംഭാഷണത്തെക്കുറിച്ച് പരാതിപ്പെടുക',
    intro: '{{name}} എന്നയാളുമായുള്ള നിങ്ങളുടെ സംഭാഷണത്തിൽ എന്താണ് സംഭവിച്ചതെന്ന് ഞങ്ങളുടെ സഹായ ടീമിനെ അറിയിക്കുക.',
    label: 'എന്താണ് സംഭവിച്ചത്?',
    minimum: `കുറഞ്ഞത് ${LIMITS.supportDetailsMin} അക്ഷരങ്ങൾ ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'കാരണം',
    reasons: {
      harassment: 'ശല്യപ്പെടുത്തൽ',
      scam: 'തട്ടിപ്പ്',
      inappropriate: 'അനുചിതമായ ഉള്ളടക്കം',
      safety: 'സുരക്ഷാ ആശങ്ക',
      other: 'മറ്റെന്തെങ്കിലും',
    },
    attach: 'ഈ സംഭാഷണത്തിലെ അവസാന സന്ദേശങ്ങൾ കൂടെ ചേർക്കുക',
    attachCount: 'എത്ര സന്ദേശങ്ങൾ',
    consent:
      'ചാറ്റുകൾ സ്വകാര്യമാണ്: പങ്കെടുക്കുന്നവരിൽ ഒരാൾ ഇങ്ങനെ അതിന്റെ ഒരു ഭാഗം അയച്ചാലല്ലാതെ SafarSaathi-യിലെ ആരും ഒരു സംഭാഷണവും വായിക്കില്ല. നിങ്ങൾ ചേർക്കാൻ തിരഞ്ഞെടുക്കുന്ന സന്ദേശങ്ങൾ മാത്രമേ പരാതിയോടൊപ്പം അയയ്ക്കൂ.',
    cancel: 'റദ്ദാക്കുക',
    send: 'പരാതി അയയ്ക്കുക',
  },
};

export default ml;
