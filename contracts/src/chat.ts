/**
 * Chat payloads (spec §3 Conversation, Chat message; §4 Contact flow, Chat; §7 the `/api/chat/*` calls;
 * §9 chat constants) and the rules the chat issue adds where the spec is silent.
 *
 * Privacy: no chat payload ever carries an e-mail address or a phone number. A message says whether it
 * is the caller's own (`is_mine`) instead of naming its sender's e-mail (the spec's `sender_email`).
 */
import { z } from 'zod';
import { serviceTypeSchema } from './search';
import { composeEmail, emailGreeting, jobCorrelationId, type RenderedEmail } from './email';
import { serverTexts } from './texts';
import { fillText } from './texts/fill';
import type { Locale } from './locale';
import { plainText } from './validation';
import { safetyFlagSchema } from './safety';

export const CHAT_LIMITS = {
  /** A message is trimmed, then must have 1 to this many characters. */
  messageMaxChars: 2000,
  /** GET .../messages returns at most this many, newest last; older ones with `before`. */
  messagesPageSize: 200,
  /** Safety beyond the spec: new conversations a user may open per 24 hours. */
  newConversationsPerDay: 10,
  /** Safety beyond the spec: messages a user may send per minute. */
  messagesPerMinute: 30,
  /** An unread message is e-mailed to its recipient after this long... */
  unreadEmailDelayMs: 15 * 60_000,
  /** ...at most once per conversation and recipient in this window. */
  unreadEmailWindowMs: 6 * 3600_000,
  /** The last message shown in the conversation list is cut to this many characters. */
  lastMessagePreviewChars: 200,
} as const;

/** The name shown for a participant who deleted their profile. */
export const DELETED_USER_NAME = 'Deleted user';
/** The spec's default name of the other participant when none is known. */
export const DEFAULT_PARTICIPANT_NAME = 'User';
/** What a message of a participant who erased their account reads (issue 40): its text is gone. */
export const DELETED_MESSAGE_TEXT = 'Message deleted';

export const CHAT_MESSAGES = {
  messageBlank: 'Please type a message before sending.',
  messageTooLong: `A message can be at most ${CHAT_LIMITS.messageMaxChars} characters.`,
  conversationNotFound: 'Conversation not found',
  targetUnavailable: 'This request is no longer available.',
  ownRequestRequired: 'Choose one of your own active requests.',
  notMatched: 'These requests are not matched with each other.',
  serviceMismatch: 'Your request is for a different service.',
  withYourself: 'You cannot start a conversation with yourself.',
  tooManyConversations: `You can start at most ${CHAT_LIMITS.newConversationsPerDay} new conversations a day. Please try again later.`,
  tooManyMessages: 'You are sending messages too quickly. Please wait a moment and try again.',
  sendingClosed: 'You can no longer send messages in this conversation.',
  otherDeleted: 'This traveller has deleted their profile.',
  // spec §8: logged, the user sees no change
  fetchFailed: 'Failed to fetch messages',
  sendFailed: 'Failed to send message',
  // the chat dialog's own texts
  blockDone: 'You blocked this conversation. Neither of you can send messages.',
  reportSent: 'Thank you. Your report was sent to our support team.',
  reportDetailsRequired: 'Please tell us what happened (minimum 20 characters).',
  reportDetailsTooLong: 'Please keep the details under 2000 characters.',
  reportReasonRequired: 'Please choose a reason.',
  tooManyReports: 'You have sent several reports recently. Please try again later.',
} as const;

/** The Messages screen (spec §2). */
export const MESSAGES_SCREEN_TEXT = {
  title: 'Messages',
  subtitle: 'Chat with your travel connections',
  features: ['Real-time chat', 'Secure messaging', 'Travel coordination'],
  searchPlaceholder: 'Search conversations...',
  noMessagesYet: 'No messages yet',
  startConversation: 'Start conversation',
  emptyTitle: 'No conversations yet',
  emptyText: 'Start connecting with people through our services',
  browseServices: 'Browse Services',
} as const;

// ---- requests ----

const caseId = z.string().trim().min(1, 'A case id is required').max(64);

/** POST /api/chat/create-search-conversation; `target_user_email` is accepted and ignored (the case id names the target). */
export const createSearchConversationRequestSchema = z.object({
  target_caseid: caseId,
  user_caseid: caseId,
  target_user_email: z.string().optional(),
});
export type CreateSearchConversationRequest = z.infer<typeof createSearchConversationRequestSchema>;

/** POST /api/chat/start-chat: a matched pair of requests. */
export const startChatRequestSchema = z.object({
  service_type: serviceTypeSchema.default('companion'),
  user_caseid: caseId,
  matched_caseid: caseId,
});
export type StartChatRequest = z.infer<typeof startChatRequestSchema>;

export const conversationIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });

/** GET .../messages?before=N: the messages with a sequence number below N (older ones). */
export const messagesQuerySchema = z.object({
  before: z.coerce.number().int('before must be a message sequence number').min(1).optional(),
});

/**
 * POST .../messages: trimmed, 1–2,000 characters, no direction overrides or control characters
 * (validation.ts plainText); stored exactly as typed otherwise.
 */
export const sendMessageRequestSchema = z.object({
  message_text: plainText(z.string({ error: CHAT_MESSAGES.messageBlank }))
    .trim()
    .min(1, CHAT_MESSAGES.messageBlank)
    .max(CHAT_LIMITS.messageMaxChars, CHAT_MESSAGES.messageTooLong),
});
export type SendMessageRequest = z.input<typeof sendMessageRequestSchema>;

// ---- responses ----

/** check-search-contact, create-search-conversation and start-chat all answer with the conversation. */
export const conversationStartResponseSchema = z.object({
  status: z.enum(['conversation_exists', 'conversation_created']),
  conversation_id: z.string(),
});
export type ConversationStartResponse = z.infer<typeof conversationStartResponseSchema>;

/** spec §3 Conversation, plus what the dialog needs to know about sending. */
export const conversationSchema = z.object({
  conversation_id: z.string(),
  other_participant_name: z.string(),
  service_type: serviceTypeSchema,
  last_message: z.string().nullable(),
  last_message_timestamp: z.string().nullable(),
  unread_count: z.number().int().nonnegative(),
  created_at: z.string(),
  /** The caller blocked this conversation (and may unblock it). */
  blocked_by_me: z.boolean(),
  /** Nobody can send: blocked by either side, or the other participant deleted their profile. */
  can_send: z.boolean(),
  /** The other participant deleted their profile (shown as 'Deleted user'). */
  other_participant_deleted: z.boolean(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** spec §3 Chat message, with `is_mine` instead of the sender's e-mail, and the sequence number. */
export const chatMessageSchema = z.object({
  message_id: z.string(),
  /** The conversation's sequence number: the same order for both participants. */
  seq: z.number().int().positive(),
  message_text: z.string(),
  sent_at: z.string(),
  is_mine: z.boolean(),
  /** For the caller's own messages: the other participant has read it (the tick). */
  is_read: z.boolean(),
  /**
   * What the shield saw in it as it was sent (contracts/src/safety.ts), empty when nothing: the reader gets a
   * tip under it, the sender sees it was marked and why. The text is delivered unchanged.
   */
  safety_flags: z.array(safetyFlagSchema),
  /** Its sender erased their account (issue 40): the text is gone and `message_text` says so. */
  deleted: z.boolean().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const messagesResponseSchema = z.object({
  /** Oldest first; the newest 200 (or the 200 before `before`). */
  messages: z.array(chatMessageSchema),
  conversation: conversationSchema,
  /** There are older messages than the first one here. */
  has_more: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

export const sendMessageResponseSchema = z.object({ success: z.literal(true), message: chatMessageSchema });
export const markReadResponseSchema = z.object({
  success: z.literal(true),
  last_read_seq: z.number().int().nonnegative(),
});
/** The caller's own requests matched with the other participant's (the chat header's meeting point). */
export const conversationRequestsSchema = z.object({ caseids: z.array(z.string()) });
export type ConversationRequests = z.infer<typeof conversationRequestsSchema>;
export const chatUnreadCountSchema = z.object({ unread_count: z.number().int().nonnegative() });

// ---- the unread-message e-mail (notifications service) ----

/** A job on the `chat-unread` queue, due when the message has been unread for CHAT_LIMITS.unreadEmailDelayMs. */
export const chatUnreadJobSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  seq: z.number().int().positive(),
  senderId: z.string(),
  recipientId: z.string(),
  correlationId: jobCorrelationId,
});
export type ChatUnreadJob = z.infer<typeof chatUnreadJobSchema>;

/** The e-mail about an unread message: who wrote, never what. */
export function unreadMessageEmail(
  senderName: string,
  recipientName: string,
  locale: Locale = 'en',
): RenderedEmail {
  const texts = serverTexts(locale);
  const words = texts.email.unreadMessage;
  const sender = { sender: senderName };
  return composeEmail(locale, fillText(words.subject, sender), [
    emailGreeting(texts, recipientName),
    fillText(words.body, sender),
    fillText(words.action),
    fillText(words.frequency),
    fillText(texts.email.signOff),
  ]);
}

// ---- reports from a conversation (addendum §2.2) ----

export const REPORT_REASONS = ['harassment', 'scam', 'inappropriate', 'safety', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_LIMITS = {
  detailsMin: 20,
  detailsMax: 2000,
  /** At most this many of the newest messages are copied into the case, and only when the reporter asks. */
  includeMessagesMax: 20,
  /** Safety beyond the spec: reports a user may send per hour (each opens a case and e-mails the reporter). */
  reportsPerHour: 10,
} as const;

/** POST /api/chat/conversations/:id/report. */
export const reportConversationRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, { error: CHAT_MESSAGES.reportReasonRequired }),
  details: plainText(
    z
      .string({ error: CHAT_MESSAGES.reportDetailsRequired })
      .max(REPORT_LIMITS.detailsMax, CHAT_MESSAGES.reportDetailsTooLong),
  )
    .trim()
    .min(REPORT_LIMITS.detailsMin, CHAT_MESSAGES.reportDetailsRequired),
  include_messages: z.number().int().min(0).max(REPORT_LIMITS.includeMessagesMax).default(0),
  /** Messages chosen by number (a safety tip's Report attaches the flagged one); at most 20 in all are copied. */
  include_seqs: z.array(z.number().int().positive()).max(REPORT_LIMITS.includeMessagesMax).optional(),
});
export type ReportConversationRequest = z.input<typeof reportConversationRequestSchema>;
export const reportConversationResponseSchema = z.object({ case_id: z.string() });
