/** Posting for family and the family page in Telugu (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_TE: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'ఎవరు ప్రయాణిస్తున్నారు?',
    self: 'నేనే',
    family: 'మా కుటుంబంలో ఒకరు',
    familyHelp:
      'కింద ప్రయాణికుల పేరుగా వారి పేరు రాయండి. వారి తరఫున అభ్యర్థన, సంభాషణ మీరే చేస్తారు; దీన్ని మీరు వారి కోసం పంపారని మీ సహ ప్రయాణికులకు కనిపిస్తుంది.',
  },
  page: {
    whoseTrip: '{{traveller}} {{city}} ప్రయాణం',
    aTrip: '{{city}} ప్రయాణం',
    matched: '{{helper}} {{flight}} విమానంలో {{helped}} తో కలిసి ప్రయాణిస్తారు',
    matchedNoFlight: '{{helper}} {{helped}} తో కలిసి ప్రయాణిస్తారు',
    meeting: '{{traveller}} {{place}} వద్ద {{companion}} ను కలుస్తారు — {{time}}',
    met: '{{traveller}} విమానాశ్రయంలో {{companion}} ను కలిశారు — {{time}}',
    boarded: '{{traveller}} {{flight}} విమానం ఎక్కారు — {{time}}',
    boardedNoFlight: '{{traveller}} విమానం ఎక్కారు — {{time}}',
    landed: '{{traveller}} విమానం {{city}} లో దిగింది — {{time}}',
    handedOver: '{{helper}} {{city}} లో {{helped}} ను అప్పగించారు — {{time}}',
    over: 'ప్రయాణ తేదీ గడిచిపోయింది.',
    theTraveller: 'ప్రయాణికులు',
    theCompanion: 'వారి సహ ప్రయాణికులు',
    shareInvite: 'SafarSaathi లో ప్రయాణాన్ని గమనించండి:',
  },
};
