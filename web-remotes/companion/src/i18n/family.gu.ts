/** Posting for family and the family page in Gujarati (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_GU: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'મુસાફરી કોણ કરે છે?',
    self: 'હું પોતે',
    family: 'મારા પરિવારના કોઈ સભ્ય',
    familyHelp:
      'નીચે મુસાફર તરીકે તેમનું નામ લખો. વિનંતી અને વાતચીત આપ તેમના વતી કરશો, અને આપના સહપ્રવાસીને દેખાશે કે આપે આ તેમના માટે મોકલી છે.',
  },
  page: {
    whoseTrip: '{{traveller}} ની {{city}} ની મુસાફરી',
    aTrip: '{{city}} ની મુસાફરી',
    matched: '{{helper}} {{flight}} માં {{helped}} સાથે મુસાફરી કરશે',
    matchedNoFlight: '{{helper}} {{helped}} સાથે મુસાફરી કરશે',
    meeting: '{{traveller}} {{place}} પર {{companion}} ને મળશે — {{time}}',
    met: '{{traveller}} એરપોર્ટ પર {{companion}} ને મળ્યા — {{time}}',
    boarded: '{{traveller}} {{flight}} માં બેસી ગયા — {{time}}',
    boardedNoFlight: '{{traveller}} વિમાનમાં બેસી ગયા — {{time}}',
    landed: '{{traveller}} નું વિમાન {{city}} માં ઊતરી ગયું — {{time}}',
    handedOver: '{{helper}} એ {{city}} માં {{helped}} ની સોંપણી કરી — {{time}}',
    over: 'મુસાફરીની તારીખ વીતી ગઈ છે.',
    theTraveller: 'મુસાફર',
    theCompanion: 'તેમના સહપ્રવાસી',
    shareInvite: 'SafarSaathi પર મુસાફરીની જાણકારી જુઓ:',
  },
};
