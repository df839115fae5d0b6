/** The `messages` namespace in Bengali: a chunk of its own, loaded only when the page is in Bengali. */
import { LIMITS } from '@safarsaathi/contracts';
import type { Translation } from '@safarsaathi/web-kit';
import type { MessagesTexts } from './catalogue';

const bn: Translation<MessagesTexts> = {
  screen: {
    title: 'বার্তা',
    subtitle: 'যাত্রার সূত্রে পরিচিতদের সঙ্গে চ্যাট করুন',
    searchPlaceholder: 'চ্যাট খুঁজুন...',
    noMessagesYet: 'এখনো কোনো বার্তা নেই',
    startConversation: 'চ্যাট শুরু করুন',
    emptyTitle: 'এখনো কোনো চ্যাট নেই',
    emptyText: 'আমাদের পরিষেবার মাধ্যমে মানুষের সঙ্গে যোগাযোগ শুরু করুন',
    browseServices: 'পরিষেবাগুলি দেখুন',
    features: { realTime: 'সঙ্গে সঙ্গে চ্যাট', secure: 'নিরাপদ বার্তা', coordination: 'একসঙ্গে যাত্রার প্রস্তুতি' },
    loading: 'চ্যাট লোড হচ্ছে',
    list: 'চ্যাট',
    search: 'চ্যাট খুঁজুন',
    unread: '{{count}}টি না-পড়া বার্তা',
  },
  chat: {
    meeting: 'দেখা করার জায়গা:',
    meetingAt: '{{place}}, {{time}} ({{airport}} বিমানবন্দরের স্থানীয় সময়, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (আপনার সময় অঞ্চল, {{zone}})',
    services: { companion: 'সহযাত্রী পরিষেবা', ride: 'রাইড পরিষেবা', document: 'নথিপত্র পরিষেবা' },
    options: 'চ্যাটের বিকল্প',
    close: 'বন্ধ করুন',
    block: 'ব্লক করুন',
    blockHint: 'আপনারা কেউই বার্তা পাঠাতে পারবেন না',
    unblock: 'ব্লক তুলে নিন',
    unblockHint: 'আপনারা দুজনেই আবার লিখতে পারবেন',
    report: 'অভিযোগ জানান',
    reportHint: 'আমাদের সহায়তা দলকে জানান',
    placeholder: 'একটি বার্তা লিখুন...',
    send: 'বার্তা পাঠান',
    sending: 'পাঠানো হচ্ছে',
    read: 'পড়া হয়েছে',
    messages: 'বার্তা',
    loadingMessages: 'বার্তা লোড হচ্ছে',
    today: 'আজ',
    yesterday: 'গতকাল',
  },
  safety: {
    title: 'নিরাপত্তা পরামর্শ',
    carry: 'এখানে পরিচয় হওয়া কারও জন্য কখনো কিছু বহন করবেন না, যত ছোটই হোক।',
    money:
      'SafarSaathi কোনো টাকাপয়সা নেয় না: কাউকে আগাম টাকা দেবেন না, আর ব্যাংক, কার্ড বা UPI-এর তথ্য কখনো দেবেন না।',
    code: 'SafarSaathi-এর কোনো কোড কখনো চ্যাটে জানাবেন না।',
    report: 'রিপোর্ট করুন',
    markedCarry:
      'SafarSaathi এই বার্তাটি চিহ্নিত করেছে: এতে কাউকে কিছু বহন বা রাখতে বলা হয়েছে। পাঠক এর নিচে নিরাপত্তা পরামর্শ দেখেন।',
    markedMoney:
      'SafarSaathi এই বার্তাটি চিহ্নিত করেছে: এতে টাকা বা পেমেন্টের তথ্য চাওয়া হয়েছে। পাঠক এর নিচে নিরাপত্তা পরামর্শ দেখেন।',
    markedCode:
      'SafarSaathi এই বার্তাটি চিহ্নিত করেছে: এতে একটি কোড চাওয়া হয়েছে। পাঠক এর নিচে নিরাপত্তা পরামর্শ দেখেন।',
    reportDetails: 'এই বার্তায় আমাকে কিছু বহন করতে, টাকা দিতে বা কোড জানাতে বলা হয়েছে।',
    includeThis: 'এই বার্তাটি রিপোর্টের সঙ্গে পাঠান',
  },
  report: {
    sentTitle: 'অভিযোগ পাঠানো হয়েছে',
    caseId: 'কেস আইডি:',
    done: 'ঠিক আছে',
    title: 'চ্যাট নিয়ে অভিযোগ জানান',
    intro: '{{name}} আর আপনার চ্যাটে কী হয়েছিল, তা আমাদের সহায়তা দলকে জানান।',
    label: 'কী হয়েছিল?',
    minimum: `অন্তত ${LIMITS.supportDetailsMin} অক্ষর ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'কারণ',
    reasons: {
      harassment: 'হয়রানি',
      scam: 'প্রতারণা বা জালিয়াতি',
      inappropriate: 'আপত্তিকর বিষয়বস্তু',
      safety: 'নিরাপত্তার আশঙ্কা',
      other: 'অন্য কিছু',
    },
    attach: 'এই চ্যাটের শেষ কয়েকটি বার্তা সঙ্গে পাঠান',
    attachCount: 'কতগুলি বার্তা',
    consent:
      'চ্যাট ব্যক্তিগত থাকে: চ্যাটে থাকা কেউ এভাবে তার অংশ না পাঠালে SafarSaathi-র কেউ কোনো চ্যাট পড়েন না। আপনার অভিযোগের সঙ্গে শুধু সেই বার্তাগুলিই যাবে, যেগুলি আপনি সঙ্গে দিতে বেছে নেবেন।',
    cancel: 'বাতিল করুন',
    send: 'অভিযোগ পাঠান',
  },
};

export default bn;
