/**
 * The scam and mule shield's classifier (services/chat/src/safety/classifier.ts): each kind in every language of
 * the product and in Hinglish, the benign messages that use the same words, obfuscations, and odd input.
 * The corpus and its figures are in bench/shield (npm run bench:shield).
 */
import { classifyMessage, explainMessage, type SafetyFlag } from '../src/safety/classifier';
import { normalizeText } from '../src/safety/normalize';

type Case = [lang: string, text: string];

function expectFlags(cases: readonly Case[], flags: SafetyFlag[]): void {
  for (const [lang, text] of cases) {
    const got = classifyMessage(text);
    // the language and the tags in the failure message say what the rules saw
    expect({ lang, text, got, tags: got.join() === flags.join() ? '' : explainMessage(text) }).toEqual({
      lang,
      text,
      got: flags,
      tags: '',
    });
  }
}

describe('carry: asks the reader to take, carry, deliver or keep an item for someone', () => {
  it('in every language and Hinglish', () => {
    expectFlags(
      [
        [
          'en',
          'Hi uncle, can you carry a small packet for my cousin in Toronto? He will collect it at arrivals.',
        ],
        ['en', 'Just keep this bag with you till we land, I will take it back after immigration'],
        ['en', "It's a sealed parcel, don't open it, my friend will pick it up from you at Heathrow"],
        ['en', 'Can you deliver some documents to my uncle in Leicester? Envelope only, very light'],
        ['en', 'I need to send some cash to my relatives in Amritsar, can you hand it over to them?'],
        ['hinglish', 'bhai ek chhota packet le jaoge meri cousin ke liye?'],
        ['hinglish', 'ye bag apne paas rakh lo landing tak, baad mein le lunga'],
        ['hinglish', 'cash hai 50 hazaar, mere rishtedaar ko de dena Dubai mein'],
        ['hi', 'क्या आप मेरे चचेरे भाई के लिए एक छोटा पैकेट ले जा सकते हैं?'],
        ['hi', 'मेरे चाचा के लिए कुछ दवाइयाँ हैं, कृपया साथ ले जाइए'],
        ['gu', 'મારા કાકા માટે એક નાનું પેકેટ લઈ જશો?'],
        ['pa', 'ਇਹ ਬੈਗ ਆਪਣੇ ਕੋਲ ਰੱਖ ਲਓ, ਉਤਰਨ ਤੋਂ ਬਾਅਦ ਮੈਂ ਲੈ ਲਵਾਂਗਾ'],
        ['ta', 'என் மாமாவுக்கு ஒரு சின்ன பார்சல் கொண்டு போக முடியுமா?'],
        ['te', 'ఈ గిఫ్ట్ బాక్స్ లండన్‌లో మా తమ్ముడికి ఇచ్చేయండి'],
        ['bn', 'আমার মামার জন্য একটা ছোট প্যাকেট নিয়ে যাবেন?'],
        ['mr', 'ही बॅग तुमच्याकडे ठेवा, उतरल्यावर मी घेईन'],
        ['ml', 'എന്റെ അമ്മാവന് വേണ്ടി ഒരു ചെറിയ പാക്കറ്റ് കൊണ്ടുപോകാമോ?'],
        ['gu', 'mara kaka mate ek nanu packet lai jasho?'],
        ['ta', 'en mama-ku oru chinna parcel kondu poga mudiyuma?'],
      ],
      ['carry'],
    );
  });
});

describe('money: asks for money, payment or bank, card, UPI or wallet details, or offers money', () => {
  it('in every language and Hinglish', () => {
    expectFlags(
      [
        ['en', 'To confirm the match please send a refundable deposit of 2000 rupees to my UPI'],
        ['en', 'Please share your bank account number and IFSC so I can verify you'],
        ['en', 'Pay 1500 on Paytm for the wheelchair booking, I will arrange it'],
        ['en', 'Please Venmo me $40 for the airport assistance'],
        ['en', 'Can you lend me 3000 rupees? My wallet was stolen at the airport'],
        ['en', 'Send 2000 to ramesh.k@okaxis for the meal upgrade'],
        ['en', 'what is your paytm? I will send a collect request'],
        ['hinglish', 'advance UPI kar do, 2000 refundable hai'],
        ['hinglish', 'apna account number aur IFSC bhej do'],
        ['hinglish', 'bhai 1000 gpay kr do na urgent hai, kal lauta dunga'],
        ['hi', 'रजिस्ट्रेशन फीस 500 रुपये गूगल पे कर दीजिए'],
        ['hi', 'मुझे तुरंत 3000 रुपये चाहिए, भेज सकते हैं?'],
        ['gu', 'તમારો બેંક એકાઉન્ટ નંબર અને IFSC મોકલો'],
        ['pa', 'ਪਹਿਲਾਂ ਐਡਵਾਂਸ ਪੈਸੇ ਭੇਜ ਦਿਓ'],
        ['ta', 'பதிவு கட்டணம் 500 ரூபாய் ஜிபே பண்ணுங்க'],
        ['te', 'కార్డ్ నంబర్, CVV చెప్పండి'],
        ['bn', 'নিশ্চিত করতে ২০০০ টাকা ডিপোজিট UPI তে পাঠান'],
        ['mr', 'तुमचा बँक खाते क्रमांक आणि IFSC पाठवा'],
        ['ml', 'ആദ്യം അഡ്വാൻസ് പണം അയച്ചു തരൂ'],
      ],
      ['money'],
    );
  });

  it('offering money for carrying is both kinds', () => {
    expectFlags(
      [
        ['en', "I'll pay you 5000 rupees to carry a small bag for my friend"],
        ['hinglish', 'main aapko 5000 dunga bas ye packet le jao'],
        ['hi', 'मैं आपको 5000 रुपये दूँगा, बस यह पैकेट ले जाइए'],
        ['ml', 'ഞാൻ നിങ്ങൾക്ക് 5000 രൂപ തരാം, ഈ പാക്കറ്റ് മാത്രം കൊണ്ടുപോയാൽ മതി'],
      ],
      ['carry', 'money'],
    );
  });
});

describe('code: asks for a sign-in code (OTP) or the hand-over code through the chat', () => {
  it('in every language and Hinglish', () => {
    expectFlags(
      [
        ['en', 'Tell me the OTP you just got, it is for verifying your profile'],
        ['en', 'Send the 6-digit code that came on your phone'],
        ['en', 'Share the hand-over code so I can verify before the trip'],
        ['en', 'You will get a code by SMS, please forward it to me'],
        ['en', 'Read out the numbers in the SafarSaathi text you just got'],
        ['hinglish', 'OTP bata do jaldi'],
        ['hinglish', 'hand-over code abhi share kar do, main verify kar lunga'],
        ['hi', 'आपके फ़ोन पर जो ओटीपी आया है वह बता दीजिए'],
        ['gu', 'હેન્ડ-ઓવર કોડ અત્યારે ચેટમાં મોકલી દો'],
        ['pa', 'ਤੁਹਾਡੇ ਫ਼ੋਨ ਤੇ ਜੋ OTP ਆਇਆ ਹੈ ਉਹ ਦੱਸੋ'],
        ['ta', 'உங்க போனுக்கு வந்த OTP-ஐ சொல்லுங்க'],
        ['te', 'ఇప్పుడు వచ్చిన 6 అంకెల కోడ్ పంపండి'],
        ['bn', 'হ্যান্ড-ওভার কোডটা এখনই চ্যাটে পাঠিয়ে দিন'],
        ['mr', 'तुमच्या फोनवर आलेला OTP सांगा'],
        ['ml', 'നിങ്ങളുടെ ഫോണിൽ വന്ന OTP പറയൂ'],
        ['te', 'OTP cheppandi please'],
      ],
      ['code'],
    );
  });
});

describe('benign messages that use the same words', () => {
  it('are not flagged', () => {
    expectFlags(
      [
        ['en', 'I will help carry her bag to the gate'],
        ['en', 'Please carry a shawl, the plane is cold'],
        ['en', "Can you help carry my mother's hand luggage?"],
        ['en', "No money needed, it's free"],
        ['en', "I don't want any payment"],
        ['en', 'Her seat code is 32C'],
        ['en', 'The gate code changed'],
        ['en', 'What is the booking reference?'],
        ['en', "I'll keep her company"],
        ['en', 'At arrival my brother will show you the hand-over code, please enter it then'],
        ['en', 'The hand-over code is on the trip page, my brother has it'],
        ['en', "Don't share any OTP with anyone, SafarSaathi never asks for it"],
        ['en', 'No packets, no parcels: I never carry anything for anyone, hope you understand'],
        ['en', 'If anyone asks you to carry a parcel, please say no, it happened to my uncle once'],
        ['en', 'She is carrying a box of sweets for her sister, packed by herself and declared at customs'],
        ['en', "I'll pay the airline for the extra baggage myself"],
        ['en', 'My son will pay for the taxi at arrival, nothing for you to pay'],
        ['en', 'Her PIN code is 400053, in case you need the address'],
        ['en', "What's the code for the lounge wifi, do you know?"],
        ['en', 'Send me your flight number and I will check the gate'],
        ['en', 'Can you take my phone number and call me when she lands?'],
        ['en', 'Her boarding card number is on the pass, seat 12C'],
        ['hinglish', 'main unka bag gate tak utha lunga, aap tension mat lo'],
        ['hinglish', 'paise ki koi zaroorat nahi, ye free hai'],
        ['hinglish', 'OTP kisi ko mat batana, app bhi kabhi nahi maangta'],
        ['hinglish', 'hand-over code mera bhai aapko arrival pe dikhayega'],
        ['hinglish', 'maine wheelchair ka payment airline ko already kar diya'],
        ['hi', 'कृपया एक शॉल साथ ले जाइए, विमान में ठंड होती है'],
        ['hi', 'पैसे की कोई ज़रूरत नहीं है, यह मुफ़्त है'],
        ['hi', 'किसी को भी ओटीपी मत बताना'],
        ['gu', 'કોઈને પણ OTP ન કહેશો'],
        ['pa', 'ਮੈਂ ਉਹਨਾਂ ਦਾ ਬੈਗ ਗੇਟ ਤੱਕ ਚੁੱਕਣ ਵਿੱਚ ਮਦਦ ਕਰਾਂਗਾ'],
        ['ta', 'யாரிடமும் OTP சொல்லாதீங்க'],
        ['te', 'ఎవరికీ OTP చెప్పకండి'],
        ['bn', 'কাউকে OTP বলবেন না'],
        ['mr', 'कोणालाही OTP सांगू नका'],
        ['ml', 'ആരോടും OTP പറയരുത്'],
        ['ml', 'പണം ഒന്നും വേണ്ട, ഇത് സൗജന്യമാണ്'],
      ],
      [],
    );
  });
});

describe('obfuscations', () => {
  it('normalises spaced and dotted letters, symbols for letters, repeats, accents and invisible characters', () => {
    expect(normalizeText('send the O T P pls')).toBe('send the otp pls');
    expect(normalizeText('share ur u.p.i id')).toBe('share ur upi id');
    expect(normalizeText('c-a-r-r-y this p@cket')).toBe('cary this packet');
    expect(normalizeText('what is the 0tp')).toBe('what is the otp');
    expect(normalizeText('paaaay the depositttt')).toBe('pay the deposit');
    expect(normalizeText('O\u200BT\u200CP')).toBe('otp');
    expect(normalizeText('ＯＴＰ bhéjo')).toBe('otp bhejo');
    expect(normalizeText('₹500 or $20')).toBe('rs 500 or rs 20');
    expect(normalizeText('पहुँचा ज़रूर')).toBe(normalizeText('पहुंचा जरूर'));
    expect(normalizeText('৫০০০ টাকা')).toBe('5000 টাকা');
  });

  it('still flags what the obfuscated message asks for', () => {
    expectFlags(
      [
        ['en', 'send the O T P pls'],
        ['en', 'what is the 0tp'],
        ['en', 'Send me the c0de that came to your email'],
        ['hinglish', 'o.t.p bhejo bhai'],
        ['hinglish', '0TP btao na'],
        ['en', 'O\u200BT\u200BP bata do'],
        ['hi', 'ओ टी पी बताओ जल्दी'],
      ],
      ['code'],
    );
    expectFlags(
      [
        ['en', 'share ur u.p.i id'],
        ['en', 'paaaay the depositttt now'],
        ['en', 'send ur b a n k details'],
      ],
      ['money'],
    );
    expectFlags(
      [
        ['en', 'can u carry a small p@cket for my cousin'],
        ['en', "c-a-r-r-y this parcel for my bro, it's tiny"],
        ['en', 'can you carry this 📦 for my cousin?'],
      ],
      ['carry'],
    );
  });
});

describe('odd input', () => {
  it('empty, blank, emoji and punctuation only', () => {
    for (const text of ['', '   ', '🙏🙏🙏', '👍', '?!...', '\u200B\u200D', '12345']) {
      expect(classifyMessage(text)).toEqual([]);
    }
  });

  it('returns the kinds in the order carry, money, code, each once', () => {
    const flags = classifyMessage(
      'Tell me the OTP. Also pay the registration fee on GPay, and carry this sealed parcel for my cousin, he will collect it. Send the OTP again!',
    );
    expect(flags).toEqual(['carry', 'money', 'code']);
  });

  it('reads a very long message in linear time', () => {
    const filler = 'We will meet at the gate and I will sit with her during the flight. '.repeat(300);
    const long = `${filler}Can you carry a small packet for my cousin? ${filler}`;
    const started = performance.now();
    expect(classifyMessage(long)).toEqual(['carry']);
    expect(classifyMessage(filler)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('never changes the text it is given', () => {
    const text = 'OTP bata do jaldi';
    classifyMessage(text);
    expect(text).toBe('OTP bata do jaldi');
  });
});
