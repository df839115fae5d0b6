/**
 * The part of Mailpit's search syntax the catcher understands: space-separated terms, all of which must match,
 * case-insensitive substring matching, double quotes around values with spaces, `-` or `!` in front to negate.
 *
 *   to:bob@example.com   from:noreply@   cc:x   bcc:x   reply-to:x   addressed:x (any address field)
 *   subject:"your code"   message-id:x   plain words
 *
 * A plain term matches the subject, the addresses or the text body (as in Mailpit). A `prefix:` this parser does
 * not know is taken as a plain term.
 */
import type { MailAddress } from '@safarsaathi/platform/src/testing/mail-types';

export type QueryField =
  'to' | 'from' | 'cc' | 'bcc' | 'reply-to' | 'addressed' | 'subject' | 'message-id' | 'text';

export interface QueryTerm {
  field: QueryField;
  value: string;
  negate: boolean;
}

/** What a query is matched against. */
export interface Searchable {
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Cc: MailAddress[];
  Bcc: MailAddress[];
  ReplyTo: MailAddress[];
  Subject: string;
  Text: string;
}

const FIELDS = new Set<QueryField>([
  'to',
  'from',
  'cc',
  'bcc',
  'reply-to',
  'addressed',
  'subject',
  'message-id',
]);

function tokenize(query: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quoted = false;
  let started = false;
  for (const char of query) {
    if (char === '"') {
      quoted = !quoted;
      started = true;
    } else if (!quoted && /\s/.test(char)) {
      if (started) tokens.push(current);
      current = '';
      started = false;
    } else {
      current += char;
      started = true;
    }
  }
  if (started) tokens.push(current);
  return tokens;
}

export function parseQuery(query: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (let token of tokenize(query)) {
    let negate = false;
    if (token.length > 1 && (token.startsWith('-') || token.startsWith('!'))) {
      negate = true;
      token = token.slice(1);
    }
    const colon = token.indexOf(':');
    const prefix = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
    if (FIELDS.has(prefix as QueryField)) {
      const value = token
        .slice(colon + 1)
        .trim()
        .toLowerCase();
      if (value !== '') terms.push({ field: prefix as QueryField, value, negate });
    } else if (token.trim() !== '') {
      terms.push({ field: 'text', value: token.trim().toLowerCase(), negate });
    }
  }
  return terms;
}

function addresses(list: MailAddress[]): string {
  return list
    .map((a) => `${a.Name} <${a.Address}>`)
    .join(', ')
    .toLowerCase();
}

function haystack(message: Searchable, field: QueryField): string {
  switch (field) {
    case 'to':
      return addresses(message.To);
    case 'from':
      return addresses([message.From]);
    case 'cc':
      return addresses(message.Cc);
    case 'bcc':
      return addresses(message.Bcc);
    case 'reply-to':
      return addresses(message.ReplyTo);
    case 'addressed':
      return addresses([message.From, ...message.To, ...message.Cc, ...message.Bcc, ...message.ReplyTo]);
    case 'subject':
      return message.Subject.toLowerCase();
    case 'message-id':
      return message.MessageID.toLowerCase();
    case 'text':
      return [
        message.Subject,
        addresses([message.From]),
        addresses(message.To),
        addresses(message.Cc),
        addresses(message.Bcc),
        message.Text,
      ]
        .join('\n')
        .toLowerCase();
  }
}

export function matches(message: Searchable, terms: QueryTerm[]): boolean {
  return terms.every((term) => haystack(message, term.field).includes(term.value) !== term.negate);
}
