/** References and trust figures in Telugu (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

export const REFERENCES_TE: Translation<typeof REFERENCES_EN> = {
  title: 'ప్రయాణం తర్వాత',
  ask: '{{name}} గారితో మీ ప్రయాణం ఎలా జరిగింది?',
  rating: 'ఎలా జరిగింది?',
  ratings: { positive: 'బాగుంది', neutral: 'మామూలుగా ఉంది', negative: 'బాగోలేదు' },
  text: 'మీ అభిప్రాయం',
  textHelp: 'కనీసం 20 అక్షరాలు. మీరిద్దరూ మీ అభిప్రాయాలు రాసిన తర్వాత, లేదా ప్రయాణం అయిన 14 రోజుల తర్వాత {{name}} గారు దీన్ని చూస్తారు.',
  noShow: '{{name}} గారు రాలేదు',
  send: 'అభిప్రాయం పంపండి',
  sending: 'పంపుతున్నాము...',
  sendFailed: 'అభిప్రాయాన్ని పంపలేకపోయాము. దయచేసి మళ్లీ ప్రయత్నించండి.',
  given: 'మీ అభిప్రాయం',
  received: 'మీ గురించి వారి అభిప్రాయం',
  hidden: '{{name}} గారు అభిప్రాయం రాశారు. మీరు మీ అభిప్రాయం రాసిన తర్వాత, లేదా ప్రయాణం అయిన 14 రోజుల తర్వాత దాన్ని చూడగలరు.',
  noneReceived: '{{name}} గారి నుండి ఇంకా అభిప్రాయం రాలేదు.',
  noShowMark: 'రాలేదు',
  trust: {
    title: 'నమ్మకం',
    trips: '{{count}} ప్రయాణాలు పూర్తి చేశారు',
    references: '{{positive}} మంచి · {{neutral}} మామూలు · {{negative}} బాగోలేని అభిప్రాయాలు',
    memberSince: '{{month}} నుండి సభ్యులు',
    lateCancellations: 'గత 12 నెలల్లో చివరి నిమిషంలో రద్దు: {{count}}',
  },
};
