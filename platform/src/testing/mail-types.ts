/**
 * The shapes of the mail API: a subset of Mailpit's `/api/v1` JSON (same field names and casing), so tests read
 * captured mail the same way from Mailpit (in Docker) and from the catcher (without Docker).
 */

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface MailAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
}

/** One entry of `GET /api/v1/messages` and `GET /api/v1/search`. */
export interface MessageSummary {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  /** When the message was received (ISO 8601). */
  Created: string;
  Tags: string[];
  Size: number;
  /** Number of attachments. */
  Attachments: number;
  Snippet: string;
}

/** `GET /api/v1/messages` and `GET /api/v1/search`. */
export interface MessagesResponse {
  /** Messages in the mailbox. */
  total: number;
  unread: number;
  /** Messages returned in this page. */
  count: number;
  /** Messages matching the query (all of them for the plain list). */
  messages_count: number;
  start: number;
  tags: string[];
  messages: MessageSummary[];
}

/** `GET /api/v1/message/{ID}`. */
export interface Message {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  ReturnPath: string;
  Subject: string;
  /** The Date header (ISO 8601); the receive time when the header is missing. */
  Date: string;
  Tags: string[];
  Text: string;
  HTML: string;
  Size: number;
  Inline: MailAttachment[];
  Attachments: MailAttachment[];
}
