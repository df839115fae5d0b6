/** References and trust figures in Bengali (see references.ts). */
import type { Translation } from '@safarsaathi/web-kit';
import type { REFERENCES_EN } from './references';

/** A name takes no case ending here (Latin-script names would need a guessed one): see docs/i18n/bn.md. */
export const REFERENCES_BN: Translation<typeof REFERENCES_EN> = {
  title: 'যাত্রার পরে',
  ask: '{{name}} আর আপনার যাত্রা কেমন কাটল?',
  rating: 'যাত্রা কেমন কাটল?',
  ratings: { positive: 'ভালো', neutral: 'মোটামুটি', negative: 'খারাপ' },
  text: 'আপনার মতামত',
  textHelp: 'অন্তত 20 অক্ষর। আপনারা দুজনেই মতামত লেখার পরে, বা যাত্রার 14 দিন পরে {{name}} এটি দেখতে পাবেন।',
  noShow: '{{name}} আসেননি',
  send: 'মতামত পাঠান',
  sending: 'পাঠানো হচ্ছে...',
  sendFailed: 'মতামত পাঠানো যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
  given: 'আপনার মতামত',
  received: 'আপনার সম্পর্কে তাঁর মতামত',
  hidden: '{{name}} একটি মতামত লিখেছেন। আপনি নিজের মতামত লেখার পরে, বা যাত্রার 14 দিন পরে এটি দেখতে পাবেন।',
  noneReceived: '{{name}} এখনো কোনো মতামত দেননি।',
  noShowMark: 'আসেননি',
  trust: {
    title: 'ভরসা',
    trips: '{{count}}টি যাত্রা সম্পূর্ণ',
    references: '{{positive}}টি ভালো · {{neutral}}টি মোটামুটি · {{negative}}টি খারাপ মতামত',
    memberSince: '{{month}} থেকে সদস্য',
    lateCancellations: 'গত ১২ মাসে শেষ মুহূর্তে বাতিল: {{count}}',
  },
};
