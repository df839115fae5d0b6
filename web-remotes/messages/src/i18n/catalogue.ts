/** The `messages` namespace: the Messages screen and the chat dialog. English from the contracts' constants. */
import { LIMITS, MESSAGES_SCREEN_TEXT, SAFETY_TIPS, SERVICE_TYPE_LABELS } from '@safarsaathi/contracts';
import { defineCatalogue } from '@safarsaathi/web-kit';
import { TODAY, YESTERDAY } from '../chat/messageDays';

const { features, ...screenTexts } = MESSAGES_SCREEN_TEXT;

const en = {
  screen: {
    ...screenTexts,
    features: { realTime: features[0], secure: features[1], coordination: features[2] },
    loading: 'Loading conversations',
    list: 'Conversations',
    search: 'Search conversations',
    unread: '{{count}} unread',
  },
  chat: {
    meeting: 'Meeting point:',
    meetingAt: '{{place}}, {{time}} (local time at {{airport}}, {{zone}})',
    meetingAtBrowser: '{{place}}, {{time}} (your time zone, {{zone}})',
    services: { ...SERVICE_TYPE_LABELS },
    options: 'Conversation options',
    close: 'Close',
    block: 'Block',
    blockHint: 'Neither of you can send messages',
    unblock: 'Unblock',
    unblockHint: 'Let both of you write again',
    report: 'Report',
    reportHint: 'Tell our support team',
    placeholder: 'Type a message...',
    send: 'Send message',
    sending: 'Sending',
    read: 'Read',
    messages: 'Messages',
    loadingMessages: 'Loading messages',
    today: TODAY,
    yesterday: YESTERDAY,
  },
  /** The scam and mule shield (issue 37): tips under a flagged message, and the sender's mark. */
  safety: {
    title: 'Safety tip',
    ...SAFETY_TIPS,
    report: 'Report',
    markedCarry:
      'SafarSaathi marked this message: it asks someone to carry or keep something. The reader sees a safety tip under it.',
    markedMoney:
      'SafarSaathi marked this message: it asks for money or payment details. The reader sees a safety tip under it.',
    markedCode: 'SafarSaathi marked this message: it asks for a code. The reader sees a safety tip under it.',
    reportDetails: 'This message asked me to carry something, to pay, or to share a code.',
    includeThis: 'Send this message with the report',
  },
  report: {
    sentTitle: 'Report sent',
    caseId: 'Case ID:',
    done: 'Done',
    title: 'Report conversation',
    intro: 'Tell our support team what happened in your conversation with {{name}}.',
    label: 'What happened?',
    minimum: `Minimum ${LIMITS.supportDetailsMin} characters ({{length}}/${LIMITS.supportDetailsMin})`,
    reason: 'Reason',
    reasons: {
      harassment: 'Harassment',
      scam: 'Scam or fraud',
      inappropriate: 'Inappropriate content',
      safety: 'Safety concern',
      other: 'Something else',
    },
    attach: 'Attach the last messages of this conversation',
    attachCount: 'How many messages',
    consent:
      'Chats stay private: nobody at SafarSaathi reads a conversation unless a participant sends part of it this way. Only the messages you choose to attach go with your report.',
    cancel: 'Cancel',
    send: 'Send report',
  },
};

export type MessagesTexts = typeof en;

export const messagesCatalogue = defineCatalogue('messages', en, {
  hi: () => import(/* webpackChunkName: "lang-hi" */ './catalogue.hi'),
  gu: () => import(/* webpackChunkName: "lang-gu" */ './catalogue.gu'),
  pa: () => import(/* webpackChunkName: "lang-pa" */ './catalogue.pa'),
  ta: () => import(/* webpackChunkName: "lang-ta" */ './catalogue.ta'),
  te: () => import(/* webpackChunkName: "lang-te" */ './catalogue.te'),
  bn: () => import(/* webpackChunkName: "lang-bn" */ './catalogue.bn'),
  mr: () => import(/* webpackChunkName: "lang-mr" */ './catalogue.mr'),
  ml: () => import(/* webpackChunkName: "lang-ml" */ './catalogue.ml'),
});
