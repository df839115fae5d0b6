/** References and trust figures in Malayalam (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_ML: Translation<typeof REFERENCES_EN> = {
  title: 'യാത്രയ്ക്ക് ശേഷം',
  ask: '{{name}} കൂടെയുണ്ടായിരുന്ന നിങ്ങളുടെ യാത്ര എങ്ങനെയായിരുന്നു?',
  rating: 'യാത്ര എങ്ങനെയായിരുന്നു?',
  ratings: { positive: 'നല്ലത്', neutral: 'തരക്കേടില്ല', negative: 'മോശം' },
  text: 'നിങ്ങളുടെ അഭിപ്രായം',
  textHelp:
    'കുറഞ്ഞത് 20 അക്ഷരങ്ങൾ. നിങ്ങൾ ഇരുവരും അഭിപ്രായം എഴുതിക്കഴിഞ്ഞാൽ, അല്ലെങ്കിൽ യാത്ര കഴിഞ്ഞ് 14 ദിവസത്തിനു ശേഷം, {{name}} ഇത് കാണും.',
  noShow: '{{name}} വന്നില്ല',
  send: 'അഭിപ്രായം അയയ്ക്കുക',
  sending: 'അയയ്ക്കുന്നു...',
  sendFailed: 'അഭിപ്രായം അയയ്ക്കാനായില്ല. ദയവായി വീണ്ടും ശ്രമിക്കുക.',
  given: 'നിങ്ങളുടെ അഭിപ്രായം',
  received: 'നിങ്ങളെക്കുറിച്ച് അവരുടെ അഭിപ്രായം',
  hidden:
    '{{name}} അഭിപ്രായം എഴുതിയിട്ടുണ്ട്. നിങ്ങളുടെ അഭിപ്രായം എഴുതിക്കഴിഞ്ഞാൽ, അല്ലെങ്കിൽ യാത്ര കഴിഞ്ഞ് 14 ദിവസത്തിനു ശേഷം, നിങ്ങൾക്ക് അത് കാണാം.',
  noneReceived: '{{name}} ഇതുവരെ അഭിപ്രായം എഴുതിയിട്ടില്ല.',
  noShowMark: 'വന്നില്ല',
  trust: {
    title: 'വിശ്വാസ്യത',
    trips: 'പൂർത്തിയാക്കിയ യാത്രകൾ: {{count}}',
    references: 'അഭിപ്രായങ്ങൾ: {{positive}} നല്ലത് · {{neutral}} തരക്കേടില്ല · {{negative}} മോശം',
    memberSince: '{{month}} മുതൽ അംഗം',
    lateCancellations: 'കഴിഞ്ഞ 12 മാസത്തിൽ അവസാന നിമിഷം റദ്ദാക്കിയത്: {{count}}',
  },
};
