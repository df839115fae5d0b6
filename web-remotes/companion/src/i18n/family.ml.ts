/** Posting for family and the family page in Malayalam (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_ML: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'ആരാണ് യാത്ര ചെയ്യുന്നത്?',
    self: 'ഞാൻ തന്നെ',
    family: 'എന്റെ കുടുംബത്തിലെ ഒരാൾ',
    familyHelp:
      'താഴെ യാത്ര ചെയ്യുന്നയാളുടെ പേരായി അവരുടെ പേര് എഴുതുക. അവർക്കുവേണ്ടി അഭ്യർത്ഥനയും സംഭാഷണവും നിങ്ങൾ നടത്തും; ഇത് നിങ്ങൾ അവർക്കുവേണ്ടി അയച്ചതാണെന്ന് നിങ്ങളുടെ സഹയാത്രി കാണും.',
  },
  page: {
    whoseTrip: '{{traveller}}-ന്റെ {{city}} യാത്ര',
    aTrip: '{{city}} യാത്ര',
    matched: '{{helper}} {{flight}} ഫ്ലൈറ്റിൽ {{helped}}-നൊപ്പം യാത്ര ചെയ്യും',
    matchedNoFlight: '{{helper}} {{helped}}-നൊപ്പം യാത്ര ചെയ്യും',
    meeting: '{{traveller}} {{place}}-ൽ {{companion}}-നെ കാണും — {{time}}',
    met: '{{traveller}} വിമാനത്താവളത്തിൽ {{companion}}-നെ കണ്ടുമുട്ടി — {{time}}',
    boarded: '{{traveller}} {{flight}} ഫ്ലൈറ്റിൽ കയറി — {{time}}',
    boardedNoFlight: '{{traveller}} വിമാനത്തിൽ കയറി — {{time}}',
    landed: '{{traveller}}-ന്റെ വിമാനം {{city}}-ൽ ഇറങ്ങി — {{time}}',
    handedOver: '{{helper}} {{city}}-ൽ {{helped}}-നെ കൈമാറി — {{time}}',
    over: 'യാത്രാ തീയതി കഴിഞ്ഞു.',
    theTraveller: 'യാത്ര ചെയ്യുന്നയാൾ',
    theCompanion: 'അവരുടെ സഹയാത്രി',
    shareInvite: 'SafarSaathi-ൽ യാത്ര പിന്തുടരുക:',
  },
};
