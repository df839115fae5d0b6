/**
 * Who posted a request for whom, and whose trust figures a card shows (issue 38, §7 "Posting for
 * family"): the companion remote's request cards and the search remote's results say it in the same
 * words. A daughter posting for her mother is the account holder; the figures are hers, not the mother's.
 */
import { defineCatalogue } from './catalogue';
import { registerCatalogue } from './i18n';

/** A few short texts per language, so the translations sit here rather than in a chunk each. */
export const postedForCatalogue = defineCatalogue(
  'postedFor',
  {
    postedBy: 'Posted by {{owner}} for {{traveller}}',
    /** Public search names no passenger. */
    postedByForFamily: 'Posted by {{owner}} for someone in their family',
    trustOf: "Trust of {{name}}'s account",
    /** The account holder's name is unknown (an account gone). */
    trustOfAccount: 'Trust of the account that posted this',
  },
  {
    hi: async () => ({
      default: {
        postedBy: '{{owner}} ने {{traveller}} के लिए भेजा',
        postedByForFamily: '{{owner}} ने अपने परिवार के किसी सदस्य के लिए भेजा',
        trustOf: '{{name}} के खाते का भरोसा',
        trustOfAccount: 'यह अनुरोध भेजने वाले खाते का भरोसा',
      },
    }),
    gu: async () => ({
      default: {
        postedBy: '{{owner}} એ {{traveller}} માટે મોકલી',
        postedByForFamily: '{{owner}} એ પોતાના પરિવારના કોઈ સભ્ય માટે મોકલી',
        trustOf: '{{name}} ના ખાતાનો ભરોસો',
        trustOfAccount: 'આ વિનંતી મોકલનાર ખાતાનો ભરોસો',
      },
    }),
    pa: async () => ({
      default: {
        postedBy: '{{owner}} ਨੇ {{traveller}} ਲਈ ਭੇਜੀ',
        postedByForFamily: '{{owner}} ਨੇ ਆਪਣੇ ਪਰਿਵਾਰ ਦੇ ਕਿਸੇ ਜੀਅ ਲਈ ਭੇਜੀ',
        trustOf: '{{name}} ਦੇ ਖਾਤੇ ਦਾ ਭਰੋਸਾ',
        trustOfAccount: 'ਇਹ ਬੇਨਤੀ ਭੇਜਣ ਵਾਲੇ ਖਾਤੇ ਦਾ ਭਰੋਸਾ',
      },
    }),
    ta: async () => ({
      default: {
        postedBy: '{{traveller}} அவர்களுக்காக {{owner}} அனுப்பியது',
        postedByForFamily: '{{owner}} தம் குடும்பத்தில் ஒருவருக்காக அனுப்பியது',
        trustOf: '{{name}} அவர்களின் கணக்கின் நம்பிக்கை',
        trustOfAccount: 'இதை அனுப்பிய கணக்கின் நம்பிக்கை',
      },
    }),
    te: async () => ({
      default: {
        postedBy: '{{traveller}} కోసం {{owner}} పంపారు',
        postedByForFamily: '{{owner}} తమ కుటుంబంలో ఒకరి కోసం పంపారు',
        trustOf: '{{name}} ఖాతా నమ్మకం',
        trustOfAccount: 'దీన్ని పంపిన ఖాతా నమ్మకం',
      },
    }),
    bn: async () => ({
      default: {
        postedBy: '{{traveller}}-এর জন্য {{owner}} পাঠিয়েছেন',
        postedByForFamily: '{{owner}} নিজের পরিবারের একজনের জন্য পাঠিয়েছেন',
        trustOf: '{{name}}-এর অ্যাকাউন্টের ভরসা',
        trustOfAccount: 'যে অ্যাকাউন্ট থেকে এটি পাঠানো হয়েছে তার ভরসা',
      },
    }),
    mr: async () => ({
      default: {
        postedBy: '{{traveller}} यांच्यासाठी {{owner}} यांनी पाठवली',
        postedByForFamily: '{{owner}} यांनी स्वतःच्या कुटुंबातील एका व्यक्तीसाठी पाठवली',
        trustOf: '{{name}} यांच्या खात्याचा विश्वास',
        trustOfAccount: 'ही विनंती पाठवणाऱ्या खात्याचा विश्वास',
      },
    }),
    ml: async () => ({
      default: {
        postedBy: '{{traveller}}-നുവേണ്ടി {{owner}} അയച്ചത്',
        postedByForFamily: '{{owner}} സ്വന്തം കുടുംബത്തിലെ ഒരാൾക്കുവേണ്ടി അയച്ചത്',
        trustOf: '{{name}}-ന്റെ അക്കൗണ്ടിന്റെ വിശ്വാസ്യത',
        trustOfAccount: 'ഇത് അയച്ച അക്കൗണ്ടിന്റെ വിശ്വാസ്യത',
      },
    }),
  },
);
registerCatalogue(postedForCatalogue);
