/** Posting for family and the family page in Marathi (see family.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { FAMILY_EN } from './family';

export const FAMILY_MR: Translation<typeof FAMILY_EN> = {
  form: {
    whoTravels: 'प्रवास कोण करत आहे?',
    self: 'मी स्वतः',
    family: 'माझ्या कुटुंबातील कोणी',
    familyHelp:
      'खाली प्रवाशाचे नाव म्हणून त्यांचे नाव लिहा. त्यांच्या वतीने विनंती आणि चॅट आपण कराल, आणि आपल्या सहप्रवाशाला दिसेल की आपण ही विनंती त्यांच्यासाठी पाठवली आहे.',
  },
  page: {
    whoseTrip: '{{traveller}} यांचा {{city}} प्रवास',
    aTrip: '{{city}} प्रवास',
    matched: '{{helper}} {{flight}} फ्लाइटने {{helped}} यांच्यासोबत प्रवास करतील',
    matchedNoFlight: '{{helper}} {{helped}} यांच्यासोबत प्रवास करतील',
    meeting: '{{traveller}} यांची {{place}} येथे {{companion}} यांच्याशी भेट होईल — {{time}}',
    met: '{{traveller}} यांची विमानतळावर {{companion}} यांच्याशी भेट झाली — {{time}}',
    boarded: '{{traveller}} {{flight}} फ्लाइटमध्ये बसले — {{time}}',
    boardedNoFlight: '{{traveller}} विमानात बसले — {{time}}',
    landed: '{{traveller}} यांचे विमान {{city}} येथे उतरले — {{time}}',
    handedOver: '{{helper}} यांनी {{city}} येथे {{helped}} यांना सुपूर्द केले — {{time}}',
    over: 'प्रवासाची तारीख उलटून गेली आहे.',
    theTraveller: 'प्रवासी',
    theCompanion: 'त्यांचे सहप्रवासी',
    shareInvite: 'SafarSaathi वर प्रवासाची माहिती पाहा:',
  },
};
