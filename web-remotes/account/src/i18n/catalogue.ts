/** The `account` namespace: dashboard header and the profile page. */
import { defineCatalogue } from '@safarsaathi/web-kit';
import { HELP_PREFERENCE_LABELS } from '../messages';

const en = {
  welcome: {
    title: 'Welcome, {{name}}',
    subtitle: 'Where are you travelling next?',
  },
  profile: {
    title: 'My Profile',
    loading: 'Loading your profile',
    phone: 'Phone Number',
    memberSince: 'Member Since',
    helpPreference: 'Help Preference',
    helpPreferences: { ...HELP_PREFERENCE_LABELS },
    language: 'Language',
    languageHint: 'The app and the e-mails we send you use this language.',
  },
};

export const accountCatalogue = defineCatalogue('account', en, {
  welcome: {
    title: 'नमस्ते, {{name}}',
    subtitle: 'आपकी अगली यात्रा कहाँ की है?',
  },
  profile: {
    title: 'मेरी प्रोफ़ाइल',
    loading: 'आपकी प्रोफ़ाइल लोड हो रही है',
    phone: 'फ़ोन नंबर',
    memberSince: 'सदस्य कब से',
    helpPreference: 'मदद की पसंद',
    helpPreferences: {
      need_help: 'मुझे मदद चाहिए',
      want_to_help: 'मैं मदद करना चाहता/चाहती हूँ',
    },
    language: 'भाषा',
    languageHint: 'ऐप और हमारे भेजे गए ई-मेल इसी भाषा में होंगे।',
  },
});
