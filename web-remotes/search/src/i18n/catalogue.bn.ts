/** The `search` namespace in Bengali: a chunk of its own, loaded only when the page is in Bengali. */
import type { Translation } from '@safarsaathi/web-kit';
import type { SearchTexts } from './catalogue';

const bn: Translation<SearchTexts> = {
  title: 'যাত্রী ও অনুরোধ খুঁজুন',
  serviceLabel: 'পরিষেবার ধরন',
  fromLabel: 'যাত্রা শুরুর বিমানবন্দর',
  toLabel: 'গন্তব্যের বিমানবন্দর',
  fromDateLabel: 'তারিখ থেকে',
  toDateLabel: 'তারিখ পর্যন্ত',
  search: 'খুঁজুন',
  contact: 'যোগাযোগ করুন',
  connecting: 'যোগাযোগ করা হচ্ছে...',
  submittedBy: 'পাঠিয়েছেন:',
  submitted: 'পাঠানো হয়েছে',
  traveler: 'যাত্রী',
  freeService: 'বিনামূল্যে পরিষেবা',
  ticketsBooked: 'টিকিট কাটা হয়েছে',
  ticketsNotBooked: 'টিকিট কাটা হয়নি',
  contactFailed: 'যোগাযোগ শুরু করা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
  speaks: 'যে ভাষায় কথা বলেন',
  anyLanguage: 'যেকোনো ভাষা',
  services: { companion: 'সহযাত্রী পরিষেবা', ride: 'রাইড পরিষেবা', document: 'নথিপত্র পরিষেবা' },
  filters: 'যাত্রী খোঁজার ফিল্টার',
  searching: 'খোঁজা হচ্ছে',
  found: '{{count}} জন যাত্রী পাওয়া গেছে',
  foundFrom: '{{airport}} থেকে {{count}} জন যাত্রী পাওয়া গেছে',
  badges: {
    seeking: 'সহযাত্রী চাই',
    free: 'বিনামূল্যে সহযাত্রী',
    paid: 'পারিশ্রমিক-সহ সহযাত্রী',
    provideRide: 'রাইড দিতে পারেন',
    needRide: 'রাইড চাই',
    document: 'নথিপত্র',
  },
  genders: { male: 'পুরুষ', female: 'মহিলা', other: 'অন্যান্য' },
  age: '{{age}} বছর',
  trust: {
    trips: '{{count}}টি যাত্রা সম্পূর্ণ',
    lateCancellations: 'গত ১২ মাসে শেষ মুহূর্তে বাতিল: {{count}}',
    references: '{{positive}}টি ভালো · {{neutral}}টি মোটামুটি · {{negative}}টি খারাপ',
    memberSince: '{{month}} থেকে সদস্য',
  },
  via: 'যাত্রাবিরতি:',
  chatStarted: 'এখন আপনি {{name}}কে বার্তা পাঠাতে পারেন!',
  disclaimer: {
    title: 'আগে একটি অনুরোধ তৈরি করুন',
    document: 'এই যাত্রীর সঙ্গে যোগাযোগ করতে এবং নথিপত্র নিয়ে যেতে আগে আপনাকে একটি যাত্রার অনুরোধ তৈরি করতে হবে।',
    companion: '{{name}}কে বার্তা পাঠাতে হলে আগে আপনাকে একটি সহযাত্রীর অনুরোধ তৈরি করতে হবে।',
    thisTraveller: 'এই যাত্রী',
    why: 'কেন আমরা এটি চাই:',
    reasons: {
      verify: {
        title: 'যাত্রা যাচাই',
        detail: 'আপনার অনুরোধ থেকে বোঝা যায় যে আপনি সত্যিই এই পথে যাত্রা করছেন।',
      },
      safe: {
        title: 'নিরাপদ যোগাযোগ',
        detail: 'দেখা হওয়ার আগেই দুই যাত্রী একে অপরের সম্পর্কে জানতে পারেন।',
      },
      matching: {
        title: 'আরও ভালো মিল',
        detail: 'আমরা আপনাদের দুজনের ফ্লাইট, তারিখ আর যাত্রাবিরতি মিলিয়ে দেখতে পারি।',
      },
      record: {
        title: 'যোগাযোগের রেকর্ড',
        detail: 'আপনার চ্যাট আপনার অনুরোধের সঙ্গে যুক্ত থাকে।',
      },
    },
    after: 'অনুরোধ তৈরি হলেই ওই যাত্রীর সঙ্গে চ্যাট নিজে থেকেই শুরু হয়ে যাবে।',
    cancel: 'বাতিল করুন',
    continue: 'অনুরোধ তৈরি করতে এগিয়ে যান',
  },
};

export default bn;
